-- CreateIndex
CREATE INDEX "tasks_assignee_due_at_idx" ON "tasks"("assignee_id", "due_at");
