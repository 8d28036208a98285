-- CreateTable
CREATE TABLE "chat_sessions" (
    "id" TEXT NOT NULL,
    "vapi_session_id" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'active',
    "ended_by" TEXT,
    "started_at" TIMESTAMP(3) NOT NULL,
    "last_activity_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "ended_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "lead_id" TEXT,
    "result" TEXT,

    CONSTRAINT "chat_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "chat_sessions_vapi_session_id_key" ON "chat_sessions"("vapi_session_id");

-- CreateIndex
CREATE INDEX "chat_sessions_state_last_activity_at_idx" ON "chat_sessions"("state", "last_activity_at");

-- CreateIndex
CREATE INDEX "chat_sessions_lead_id_idx" ON "chat_sessions"("lead_id");
