-- AlterTable
ALTER TABLE "whatsapp_messages" ADD COLUMN     "event_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "whatsapp_messages_event_key_key" ON "whatsapp_messages"("event_key");
