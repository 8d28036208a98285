-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "do_not_call" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "do_not_call_reason" TEXT;

-- CreateTable
CREATE TABLE "lead_consents" (
    "id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "wording" TEXT NOT NULL,
    "given_at" TIMESTAMP(3) NOT NULL,
    "evidence" TEXT NOT NULL,
    "withdrawn_at" TIMESTAMP(3),
    "withdrawn_via" TEXT,
    "withdrawn_evidence" TEXT,
    "call_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_consents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dnd_numbers" (
    "phone" TEXT NOT NULL,
    "added_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dnd_numbers_pkey" PRIMARY KEY ("phone")
);

-- CreateTable
CREATE TABLE "call_refusals" (
    "id" TEXT NOT NULL,
    "lead_id" TEXT,
    "actor_id" TEXT,
    "reason" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "call_refusals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lead_consents_lead_id_given_at_idx" ON "lead_consents"("lead_id", "given_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "lead_consents_lead_id_call_id_key" ON "lead_consents"("lead_id", "call_id");

-- CreateIndex
CREATE INDEX "call_refusals_at_id_idx" ON "call_refusals"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "call_refusals_lead_id_idx" ON "call_refusals"("lead_id");

-- AddForeignKey
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "call_refusals" ADD CONSTRAINT "call_refusals_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "call_refusals" ADD CONSTRAINT "call_refusals_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
