-- CreateTable
CREATE TABLE "lead_sources" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "default_owner_id" TEXT,
    "auto_call" BOOLEAN,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "archived_at" DATETIME,
    CONSTRAINT "lead_sources_default_owner_id_fkey" FOREIGN KEY ("default_owner_id") REFERENCES "staff_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "lead_source_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "source_id" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "label" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME,
    CONSTRAINT "lead_source_keys_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "lead_sources" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "lead_source_refusals" (
    "source_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "last_at" DATETIME NOT NULL,
    "last_error" TEXT NOT NULL,

    PRIMARY KEY ("source_id", "reason"),
    CONSTRAINT "lead_source_refusals_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "lead_sources" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "callback_cadences" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lead_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "stop_reason" TEXT,
    "preferred_at" DATETIME,
    "source" TEXT NOT NULL,
    "steps" TEXT NOT NULL,
    "started_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" DATETIME,
    "open_lead_id" TEXT,
    CONSTRAINT "callback_cadences_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "call_attempts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cadence_id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'scheduled',
    "due_at" DATETIME NOT NULL,
    "note" TEXT,
    "claimed_by" TEXT,
    "claimed_at" DATETIME,
    "vapi_call_id" TEXT,
    "ended_reason" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "call_attempts_cadence_id_fkey" FOREIGN KEY ("cadence_id") REFERENCES "callback_cadences" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "lead_response_times" (
    "lead_id" TEXT NOT NULL PRIMARY KEY,
    "source" TEXT NOT NULL,
    "arrived_at" DATETIME NOT NULL,
    "first_attempt_at" DATETIME,
    "first_conversation_at" DATETIME,
    "first_owner_action_at" DATETIME,
    CONSTRAINT "lead_response_times_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_webhook_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "channel" TEXT NOT NULL DEFAULT 'vapi',
    "external_id" TEXT,
    "type" TEXT NOT NULL,
    "vapi_call_id" TEXT,
    "payload" TEXT NOT NULL,
    "received_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "unattributable" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_webhook_events" ("attempts", "error", "id", "payload", "processed_at", "received_at", "type", "unattributable", "vapi_call_id") SELECT "attempts", "error", "id", "payload", "processed_at", "received_at", "type", "unattributable", "vapi_call_id" FROM "webhook_events";
DROP TABLE "webhook_events";
ALTER TABLE "new_webhook_events" RENAME TO "webhook_events";
CREATE INDEX "webhook_events_processed_at_received_at_idx" ON "webhook_events"("processed_at", "received_at");
CREATE INDEX "webhook_events_vapi_call_id_idx" ON "webhook_events"("vapi_call_id");
CREATE UNIQUE INDEX "webhook_events_channel_external_id_key" ON "webhook_events"("channel", "external_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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
CREATE INDEX "lead_response_times_waiting_idx" ON "lead_response_times"("arrived_at") WHERE first_attempt_at IS NULL;

-- The built-in lead sources (hand-written): the callback form and the two lead-ad platforms; leads keep these names as their source.
INSERT INTO "lead_sources" ("id", "name", "kind", "created_at", "updated_at") VALUES
    ('source-web-form', 'web form', 'callback_form', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('source-facebook-ads', 'facebook ads', 'meta', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('source-instagram-ads', 'instagram ads', 'meta', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('source-google-ads', 'google ads', 'google_ads', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
