-- CreateTable
CREATE TABLE "calls" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "vapi_call_id" TEXT NOT NULL,
    "lead_id" TEXT,
    "type" TEXT,
    "status" TEXT NOT NULL,
    "ended_reason" TEXT,
    "customer_number" TEXT,
    "started_at" DATETIME,
    "ended_at" DATETIME,
    "duration_seconds" REAL,
    "cost" REAL,
    "summary" TEXT,
    "transcript" TEXT,
    "recording_url" TEXT,
    "structured_data" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "calls_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "vapi_call_id" TEXT,
    "payload" TEXT NOT NULL,
    "received_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "calls_vapi_call_id_key" ON "calls"("vapi_call_id");

-- CreateIndex
CREATE INDEX "calls_lead_id_created_at_idx" ON "calls"("lead_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_events_processed_at_received_at_idx" ON "webhook_events"("processed_at", "received_at");

-- CreateIndex
CREATE INDEX "webhook_events_vapi_call_id_idx" ON "webhook_events"("vapi_call_id");
