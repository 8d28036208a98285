-- CreateTable
CREATE TABLE "whatsapp_visit_reminders" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "task_id" TEXT NOT NULL,
    "visit_at" DATETIME NOT NULL,
    "due_at" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "reason" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "whatsapp_visit_reminders_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "whatsapp_visit_reminders_status_due_at_idx" ON "whatsapp_visit_reminders"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_visit_reminders_task_id_visit_at_key" ON "whatsapp_visit_reminders"("task_id", "visit_at");
