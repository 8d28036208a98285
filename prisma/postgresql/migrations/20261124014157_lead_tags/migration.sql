-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "tags" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "lead_tags" (
    "key" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "lead_tags_pkey" PRIMARY KEY ("key","lead_id")
);

-- CreateIndex
CREATE INDEX "lead_tags_lead_id_idx" ON "lead_tags"("lead_id");

-- AddForeignKey
ALTER TABLE "lead_tags" ADD CONSTRAINT "lead_tags_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
