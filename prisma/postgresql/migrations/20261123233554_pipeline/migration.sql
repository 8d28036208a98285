-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "archived_at" TIMESTAMP(3),
ADD COLUMN     "lost_reason" TEXT,
ADD COLUMN     "owner_id" TEXT,
ADD COLUMN     "stage_id" TEXT NOT NULL DEFAULT 'stage-new',
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "staff_users" ADD COLUMN     "available" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "routing_turn" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "stages" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stages_pkey" PRIMARY KEY ("id")
);

-- The default pipeline for Indian real estate (hand-written): every existing lead starts in New.
INSERT INTO "stages" ("id", "name", "kind", "position", "created_at", "updated_at") VALUES
    ('stage-new', 'New', 'open', 1, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('stage-contacted', 'Contacted', 'open', 2, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('stage-site-visit-scheduled', 'Site Visit Scheduled', 'open', 3, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('stage-site-visit-done', 'Site Visit Done', 'open', 4, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('stage-negotiation', 'Negotiation', 'open', 5, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('stage-booked', 'Booked', 'won', 6, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')),
    ('stage-lost', 'Lost', 'lost', 7, (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'));

-- CreateTable
CREATE TABLE "lead_notes" (
    "id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "author_id" TEXT,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "lead_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead_activities" (
    "id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "actor_id" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "data" TEXT NOT NULL,

    CONSTRAINT "lead_activities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_settings" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "app_settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "lead_notes_lead_id_created_at_id_idx" ON "lead_notes"("lead_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "lead_activities_lead_id_at_id_idx" ON "lead_activities"("lead_id", "at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "leads_stage_id_created_at_id_idx" ON "leads"("stage_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "leads_owner_id_created_at_id_idx" ON "leads"("owner_id", "created_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_stage_id_fkey" FOREIGN KEY ("stage_id") REFERENCES "stages"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_activities" ADD CONSTRAINT "lead_activities_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
