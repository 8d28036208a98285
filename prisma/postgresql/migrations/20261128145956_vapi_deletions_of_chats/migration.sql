-- AlterTable
ALTER TABLE "vapi_call_deletions" ADD COLUMN     "resource" TEXT NOT NULL DEFAULT 'call';
