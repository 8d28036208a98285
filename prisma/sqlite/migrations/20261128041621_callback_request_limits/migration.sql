-- CreateTable
CREATE TABLE "request_limit_counts" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- CreateIndex
CREATE INDEX "request_limit_counts_expire_idx" ON "request_limit_counts"("expire");
