-- CreateTable
CREATE TABLE "sign_in_attempts" (
    "account_key" TEXT NOT NULL PRIMARY KEY,
    "attempts" INTEGER NOT NULL,
    "window_started_at" DATETIME NOT NULL,
    "lockouts" INTEGER NOT NULL,
    "blocked_until" DATETIME,
    "forgotten_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "sign_in_attempts_forgotten_at_idx" ON "sign_in_attempts"("forgotten_at");
