-- CreateTable
CREATE TABLE "sign_in_attempts" (
    "account_key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "window_started_at" TIMESTAMP(3) NOT NULL,
    "lockouts" INTEGER NOT NULL,
    "blocked_until" TIMESTAMP(3),
    "forgotten_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sign_in_attempts_pkey" PRIMARY KEY ("account_key")
);

-- CreateIndex
CREATE INDEX "sign_in_attempts_forgotten_at_idx" ON "sign_in_attempts"("forgotten_at");
