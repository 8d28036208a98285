-- CreateIndex
CREATE INDEX "tasks_assignee_due_at_idx" ON "tasks"("assignee_id", "due_at");

-- CreateIndex
CREATE INDEX "tasks_due_at_id_idx" ON "tasks"("due_at", "id");
