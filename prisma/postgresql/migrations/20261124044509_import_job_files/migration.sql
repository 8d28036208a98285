-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "created" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "job_files" (
    "job_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "options" TEXT NOT NULL,

    CONSTRAINT "job_files_pkey" PRIMARY KEY ("job_id")
);

-- AddForeignKey
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
