-- AlterTable
ALTER TABLE "calls" ADD COLUMN "structured_outputs" TEXT;
ALTER TABLE "calls" ADD COLUMN "success_evaluation" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_webhook_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "vapi_call_id" TEXT,
    "payload" TEXT NOT NULL,
    "received_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "unattributable" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_webhook_events" ("attempts", "error", "id", "payload", "processed_at", "received_at", "type", "vapi_call_id") SELECT "attempts", "error", "id", "payload", "processed_at", "received_at", "type", "vapi_call_id" FROM "webhook_events";
DROP TABLE "webhook_events";
ALTER TABLE "new_webhook_events" RENAME TO "webhook_events";
CREATE INDEX "webhook_events_processed_at_received_at_idx" ON "webhook_events"("processed_at", "received_at");
CREATE INDEX "webhook_events_vapi_call_id_idx" ON "webhook_events"("vapi_call_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
