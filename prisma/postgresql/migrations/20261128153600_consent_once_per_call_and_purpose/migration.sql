-- DropIndex
DROP INDEX "lead_consents_lead_id_call_id_key";

-- CreateIndex
CREATE UNIQUE INDEX "lead_consents_lead_id_call_id_purpose_key" ON "lead_consents"("lead_id", "call_id", "purpose");
