-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN     "channel" TEXT NOT NULL DEFAULT 'vapi',
ADD COLUMN     "external_id" TEXT;

-- CreateTable
CREATE TABLE "lead_sources" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "default_owner_id" TEXT,
    "auto_call" BOOLEAN,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "archived_at" TIMESTAMP(3),

    CONSTRAINT "lead_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead_source_keys" (
    "id" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "label" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "lead_source_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead_source_refusals" (
    "source_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "last_at" TIMESTAMP(3) NOT NULL,
    "last_error" TEXT NOT NULL,

    CONSTRAINT "lead_source_refusals_pkey" PRIMARY KEY ("source_id","reason")
);

-- CreateTable
CREATE TABLE "callback_cadences" (
    "id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "stop_reason" TEXT,
    "preferred_at" TIMESTAMP(3),
    "source" TEXT NOT NULL,
    "steps" TEXT NOT NULL,
    "started_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMP(3),
    "open_lead_id" TEXT,

    CONSTRAINT "callback_cadences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "call_attempts" (
    "id" TEXT NOT NULL,
    "cadence_id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'scheduled',
    "due_at" TIMESTAMP(3) NOT NULL,
    "note" TEXT,
    "claimed_by" TEXT,
    "claimed_at" TIMESTAMP(3),
    "vapi_call_id" TEXT,
    "ended_reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "call_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead_response_times" (
    "lead_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "arrived_at" TIMESTAMP(3) NOT NULL,
    "first_attempt_at" TIMESTAMP(3),
    "first_conversation_at" TIMESTAMP(3),
    "first_owner_action_at" TIMESTAMP(3),

    CONSTRAINT "lead_response_times_pkey" PRIMARY KEY ("lead_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "lead_sources_name_key" ON "lead_sources"("name");

-- CreateIndex
CREATE UNIQUE INDEX "lead_source_keys_hash_key" ON "lead_source_keys"("hash");

-- CreateIndex
CREATE INDEX "lead_source_keys_source_id_idx" ON "lead_source_keys"("source_id");

-- CreateIndex
CREATE UNIQUE INDEX "callback_cadences_open_lead_id_key" ON "callback_cadences"("open_lead_id");

-- CreateIndex
CREATE INDEX "callback_cadences_lead_id_idx" ON "callback_cadences"("lead_id");

-- CreateIndex
CREATE UNIQUE INDEX "call_attempts_vapi_call_id_key" ON "call_attempts"("vapi_call_id");

-- CreateIndex
CREATE INDEX "call_attempts_state_due_at_idx" ON "call_attempts"("state", "due_at");

-- CreateIndex
CREATE INDEX "call_attempts_lead_id_idx" ON "call_attempts"("lead_id");

-- CreateIndex
CREATE UNIQUE INDEX "call_attempts_cadence_id_number_key" ON "call_attempts"("cadence_id", "number");

-- CreateIndex
CREATE INDEX "lead_response_times_arrived_at_idx" ON "lead_response_times"("arrived_at", "lead_id");

-- CreateIndex
CREATE INDEX "lead_response_times_waiting_idx" ON "lead_response_times"("arrived_at") WHERE (first_attempt_at IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_events_channel_external_id_key" ON "webhook_events"("channel", "external_id");

-- AddForeignKey
ALTER TABLE "lead_sources" ADD CONSTRAINT "lead_sources_default_owner_id_fkey" FOREIGN KEY ("default_owner_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_source_keys" ADD CONSTRAINT "lead_source_keys_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "lead_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_source_refusals" ADD CONSTRAINT "lead_source_refusals_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "lead_sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_cadences" ADD CONSTRAINT "callback_cadences_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "call_attempts" ADD CONSTRAINT "call_attempts_cadence_id_fkey" FOREIGN KEY ("cadence_id") REFERENCES "callback_cadences"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_response_times" ADD CONSTRAINT "lead_response_times_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The built-in lead sources (hand-written): the callback form and the two lead-ad platforms; leads keep these names as their source.
INSERT INTO "lead_sources" ("id", "name", "kind", "created_at", "updated_at") VALUES
    ('source-web-form', 'web form', 'callback_form', (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('source-facebook-ads', 'facebook ads', 'meta', (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('source-instagram-ads', 'instagram ads', 'meta', (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('source-google-ads', 'google ads', 'google_ads', (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'));
