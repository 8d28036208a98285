-- CreateTable
CREATE TABLE "whatsapp_visit_reminders" (
    "id" TEXT NOT NULL,
    "task_id" TEXT NOT NULL,
    "visit_at" TIMESTAMP(3) NOT NULL,
    "due_at" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "whatsapp_visit_reminders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "whatsapp_visit_reminders_status_due_at_idx" ON "whatsapp_visit_reminders"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_visit_reminders_task_id_visit_at_key" ON "whatsapp_visit_reminders"("task_id", "visit_at");

-- AddForeignKey
ALTER TABLE "whatsapp_visit_reminders" ADD CONSTRAINT "whatsapp_visit_reminders_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
