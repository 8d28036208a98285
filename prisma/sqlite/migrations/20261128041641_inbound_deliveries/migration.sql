-- CreateTable
CREATE TABLE "inbound_deliveries" (
    "event_id" TEXT NOT NULL PRIMARY KEY,
    "source_id" TEXT NOT NULL,
    "received_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lead_id" TEXT,
    "created" BOOLEAN,
    "first_call_at" DATETIME,
    "call_note" TEXT,
    "test" BOOLEAN NOT NULL DEFAULT false
);

-- CreateIndex
CREATE INDEX "inbound_deliveries_source_id_received_at_idx" ON "inbound_deliveries"("source_id", "received_at");
