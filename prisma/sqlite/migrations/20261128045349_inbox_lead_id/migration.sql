-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN "lead_id" TEXT;

-- CreateIndex
CREATE INDEX "webhook_events_lead_id_idx" ON "webhook_events"("lead_id");
