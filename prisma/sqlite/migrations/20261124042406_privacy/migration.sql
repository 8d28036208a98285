-- AlterTable
ALTER TABLE "leads" ADD COLUMN "previously_erased_at" DATETIME;

-- CreateTable
CREATE TABLE "access_log" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "lead_id" TEXT,
    "target_ids" TEXT NOT NULL DEFAULT '[]',
    "details" TEXT NOT NULL DEFAULT '{}',
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "erasures" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "requested_by" TEXT NOT NULL,
    "carried_out_by_id" TEXT,
    "records" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "erased_identifiers" (
    "hash" TEXT NOT NULL,
    "erasure_id" TEXT NOT NULL,

    PRIMARY KEY ("hash", "erasure_id"),
    CONSTRAINT "erased_identifiers_erasure_id_fkey" FOREIGN KEY ("erasure_id") REFERENCES "erasures" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "vapi_call_deletions" (
    "vapi_call_id" TEXT NOT NULL PRIMARY KEY,
    "reason" TEXT NOT NULL,
    "erasure_id" TEXT,
    "requested_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME NOT NULL,
    "last_error" TEXT,
    "confirmed_at" DATETIME,
    "confirmation" TEXT
);

-- CreateTable
CREATE TABLE "daily_runs" (
    "task" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT,

    PRIMARY KEY ("task", "day")
);

-- CreateIndex
CREATE INDEX "access_log_at_id_idx" ON "access_log"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "access_log_actor_id_at_id_idx" ON "access_log"("actor_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "access_log_action_at_id_idx" ON "access_log"("action", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "access_log_lead_id_at_id_idx" ON "access_log"("lead_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "vapi_call_deletions_confirmed_at_next_attempt_at_idx" ON "vapi_call_deletions"("confirmed_at", "next_attempt_at");
