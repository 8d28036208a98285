-- CreateTable
CREATE TABLE "inbound_deliveries" (
    "event_id" TEXT NOT NULL,
    "source_id" TEXT NOT NULL,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lead_id" TEXT,
    "created" BOOLEAN,
    "first_call_at" TIMESTAMP(3),
    "call_note" TEXT,
    "test" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "inbound_deliveries_pkey" PRIMARY KEY ("event_id")
);

-- CreateIndex
CREATE INDEX "inbound_deliveries_source_id_received_at_idx" ON "inbound_deliveries"("source_id", "received_at");
