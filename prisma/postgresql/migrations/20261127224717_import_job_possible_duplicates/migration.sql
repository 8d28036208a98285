-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "possible_duplicates" INTEGER NOT NULL DEFAULT 0;
