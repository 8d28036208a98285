-- AlterTable
ALTER TABLE "calls" ADD COLUMN     "structured_outputs" TEXT,
ADD COLUMN     "success_evaluation" TEXT;

-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN     "unattributable" BOOLEAN NOT NULL DEFAULT false;
