-- Lists, counts, the board and the export leave archived leads out (issue 14): the list's indexes
-- hold only the other leads (archived_at last, always null, lets SQLite count from the index
-- alone), a stage + owner index also counts the board, and a small index holds the archived
-- ones for archived=true.

-- DropIndex
DROP INDEX "leads_created_at_id_idx";

-- DropIndex
DROP INDEX "leads_qualified_created_at_id_idx";

-- DropIndex
DROP INDEX "leads_stage_id_created_at_id_idx";

-- DropIndex
DROP INDEX "leads_owner_id_created_at_id_idx";

-- CreateIndex
CREATE INDEX "leads_created_at_id_idx" ON "leads"("created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;

-- CreateIndex
CREATE INDEX "leads_qualified_created_at_id_idx" ON "leads"("qualified", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;

-- CreateIndex
CREATE INDEX "leads_stage_id_created_at_id_idx" ON "leads"("stage_id", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;

-- CreateIndex
CREATE INDEX "leads_owner_id_created_at_id_idx" ON "leads"("owner_id", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;

-- CreateIndex
CREATE INDEX "leads_stage_id_owner_id_created_at_id_idx" ON "leads"("stage_id", "owner_id", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;

-- CreateIndex
CREATE INDEX "leads_archived_created_at_id_idx" ON "leads"("created_at" DESC, "id" DESC) WHERE archived_at IS NOT NULL;
