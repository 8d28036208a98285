-- CreateTable
CREATE TABLE "tool_call_answers" (
    "tool_call_id" TEXT NOT NULL PRIMARY KEY,
    "vapi_call_id" TEXT,
    "name" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
