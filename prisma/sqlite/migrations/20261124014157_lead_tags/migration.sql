-- CreateTable
CREATE TABLE "lead_tags" (
    "key" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    PRIMARY KEY ("key", "lead_id"),
    CONSTRAINT "lead_tags_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Edited by hand: Prisma re-creates "leads" for a new column, copying every lead and
-- rebuilding the search index; a column with a constant default is added in place.
ALTER TABLE "leads" ADD COLUMN "tags" TEXT NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "lead_tags_lead_id_idx" ON "lead_tags"("lead_id");
