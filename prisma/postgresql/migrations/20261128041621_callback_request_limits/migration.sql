-- CreateTable
CREATE TABLE "request_limit_counts" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "request_limit_counts_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "request_limit_counts_expire_idx" ON "request_limit_counts"("expire");
