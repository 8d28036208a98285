-- Every combination of the list's filters is served by an index at a million leads (issue 15):
-- the source filter gets a list-order index of the leads lists show, like stage and owner (in
-- place of (source, created_at), which held archived leads and had to sort); the tab (qualified)
-- rides along in each filter's index, the owner and the stage in the source's, so a count combining
-- them is read from the index alone instead of a fifth of the table or all of it.

-- DropIndex
DROP INDEX "leads_stage_id_created_at_id_idx";

-- DropIndex
DROP INDEX "leads_owner_id_created_at_id_idx";

-- DropIndex
DROP INDEX "leads_stage_id_owner_id_created_at_id_idx";

-- DropIndex
DROP INDEX "leads_source_created_at_idx";

-- CreateIndex
CREATE INDEX "leads_stage_id_created_at_id_idx" ON "leads"("stage_id", "created_at" DESC, "id" DESC, "archived_at", "qualified") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "leads_owner_id_created_at_id_idx" ON "leads"("owner_id", "created_at" DESC, "id" DESC, "archived_at", "qualified") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "leads_stage_id_owner_id_created_at_id_idx" ON "leads"("stage_id", "owner_id", "created_at" DESC, "id" DESC, "archived_at", "qualified") WHERE (archived_at IS NULL);

-- CreateIndex
CREATE INDEX "leads_source_created_at_id_idx" ON "leads"("source", "created_at" DESC, "id" DESC, "archived_at", "qualified", "owner_id", "stage_id") WHERE (archived_at IS NULL);
