-- CreateTable
CREATE TABLE "tool_call_answers" (
    "tool_call_id" TEXT NOT NULL,
    "vapi_call_id" TEXT,
    "name" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tool_call_answers_pkey" PRIMARY KEY ("tool_call_id")
);
