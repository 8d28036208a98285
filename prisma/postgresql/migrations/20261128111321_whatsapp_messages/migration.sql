-- CreateTable
CREATE TABLE "whatsapp_messages" (
    "id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "direction" TEXT NOT NULL,
    "wa_message_id" TEXT,
    "wa_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "body" TEXT,
    "template_name" TEXT,
    "template_language" TEXT,
    "variables" TEXT,
    "sent_at" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL,
    "status_at" TIMESTAMP(3),
    "error_code" INTEGER,
    "error" TEXT,
    "idempotency_key" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "claimed_by" TEXT,
    "sender_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "whatsapp_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_messages_wa_message_id_key" ON "whatsapp_messages"("wa_message_id");

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_messages_idempotency_key_key" ON "whatsapp_messages"("idempotency_key");

-- CreateIndex
CREATE INDEX "whatsapp_messages_lead_id_direction_sent_at_idx" ON "whatsapp_messages"("lead_id", "direction", "sent_at" DESC);

-- CreateIndex
CREATE INDEX "whatsapp_messages_lead_id_sent_at_idx" ON "whatsapp_messages"("lead_id", "sent_at" DESC);

-- CreateIndex
CREATE INDEX "whatsapp_messages_status_next_attempt_at_idx" ON "whatsapp_messages"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The built-in lead source of WhatsApp (hand-written): a person who writes from a number no lead has becomes a lead of it.
INSERT INTO "lead_sources" ("id", "name", "kind", "created_at", "updated_at") VALUES
    ('source-whatsapp', 'whatsapp', 'whatsapp', (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("name") DO NOTHING;
