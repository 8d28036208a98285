-- CreateTable
CREATE TABLE "job_files" (
    "job_id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "bytes" BLOB NOT NULL,
    "options" TEXT NOT NULL,
    CONSTRAINT "job_files_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AddColumn: in place, as the consent migration does (re-creating jobs would copy every row for one column)
ALTER TABLE "jobs" ADD COLUMN "created" INTEGER NOT NULL DEFAULT 0;
