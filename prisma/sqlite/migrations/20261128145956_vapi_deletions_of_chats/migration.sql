-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_vapi_call_deletions" (
    "vapi_call_id" TEXT NOT NULL PRIMARY KEY,
    "resource" TEXT NOT NULL DEFAULT 'call',
    "reason" TEXT NOT NULL,
    "erasure_id" TEXT,
    "requested_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME NOT NULL,
    "last_error" TEXT,
    "confirmed_at" DATETIME,
    "confirmation" TEXT
);
INSERT INTO "new_vapi_call_deletions" ("attempts", "confirmation", "confirmed_at", "erasure_id", "last_error", "next_attempt_at", "reason", "requested_at", "vapi_call_id") SELECT "attempts", "confirmation", "confirmed_at", "erasure_id", "last_error", "next_attempt_at", "reason", "requested_at", "vapi_call_id" FROM "vapi_call_deletions";
DROP TABLE "vapi_call_deletions";
ALTER TABLE "new_vapi_call_deletions" RENAME TO "vapi_call_deletions";
CREATE INDEX "vapi_call_deletions_confirmed_at_next_attempt_at_idx" ON "vapi_call_deletions"("confirmed_at", "next_attempt_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
