-- CreateTable
CREATE TABLE "lead_merges" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kept_lead_id" TEXT NOT NULL,
    "merged_lead_id" TEXT NOT NULL,
    "merged_at" DATETIME NOT NULL,
    "merged_by_id" TEXT,
    "undo_until" DATETIME NOT NULL,
    "kept_version" INTEGER NOT NULL,
    "kept_lead" TEXT NOT NULL,
    "merged_lead" TEXT NOT NULL,
    "belongings" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "lead_merges_kept_lead_id_idx" ON "lead_merges"("kept_lead_id");

-- CreateIndex
CREATE INDEX "lead_merges_merged_lead_id_idx" ON "lead_merges"("merged_lead_id");

-- CreateIndex
CREATE INDEX "lead_merges_undo_until_idx" ON "lead_merges"("undo_until");
