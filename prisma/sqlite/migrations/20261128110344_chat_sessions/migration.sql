-- CreateTable
CREATE TABLE "chat_sessions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "vapi_session_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'active',
    "ended_by" TEXT,
    "started_at" DATETIME NOT NULL,
    "last_activity_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "ended_at" DATETIME,
    "finished_at" DATETIME,
    "lead_id" TEXT,
    "result" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_sessions_vapi_session_id_key" ON "chat_sessions"("vapi_session_id");

-- CreateIndex
CREATE INDEX "chat_sessions_state_last_activity_at_idx" ON "chat_sessions"("state", "last_activity_at");

-- CreateIndex
CREATE INDEX "chat_sessions_lead_id_idx" ON "chat_sessions"("lead_id");
