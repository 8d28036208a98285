-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "email_key" TEXT,
ADD COLUMN     "location_key" TEXT,
ADD COLUMN     "name_key" TEXT;

-- CreateTable
CREATE TABLE "lead_duplicates" (
    "id" TEXT NOT NULL,
    "lead_id" TEXT NOT NULL,
    "other_lead_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "pair_key" TEXT NOT NULL,
    "detected_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dismissed_at" TIMESTAMP(3),
    "dismissed_by_id" TEXT,

    CONSTRAINT "lead_duplicates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "lead_duplicates_pair_key_key" ON "lead_duplicates"("pair_key");

-- CreateIndex
CREATE INDEX "lead_duplicates_open_idx" ON "lead_duplicates"("detected_at" DESC, "id" DESC) WHERE (dismissed_at IS NULL);

-- CreateIndex
CREATE INDEX "lead_duplicates_lead_id_idx" ON "lead_duplicates"("lead_id");

-- CreateIndex
CREATE INDEX "lead_duplicates_other_lead_id_idx" ON "lead_duplicates"("other_lead_id");

-- CreateIndex
CREATE INDEX "leads_email_key_idx" ON "leads"("email_key");

-- CreateIndex
CREATE INDEX "leads_name_key_location_key_idx" ON "leads"("name_key", "location_key", "created_at", "id");

-- AddForeignKey
ALTER TABLE "lead_duplicates" ADD CONSTRAINT "lead_duplicates_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_duplicates" ADD CONSTRAINT "lead_duplicates_other_lead_id_fkey" FOREIGN KEY ("other_lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lead_duplicates" ADD CONSTRAINT "lead_duplicates_dismissed_by_id_fkey" FOREIGN KEY ("dismissed_by_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Leads stored before this release that share a phone or an email are shown to staff as
-- possible duplicates: each paired with the oldest lead of its phone, then of its email (the
-- same Gmail mailbox written two ways is paired by the API's backfill, below).
INSERT INTO "lead_duplicates" ("id", "lead_id", "other_lead_id", "reason", "pair_key", "detected_at")
SELECT gen_random_uuid()::text, "lead"."id", "first"."id", 'same_phone',
  CASE WHEN "lead"."id" < "first"."id" THEN "lead"."id" || ' ' || "first"."id" ELSE "first"."id" || ' ' || "lead"."id" END,
  "lead"."created_at"
FROM "leads" AS "lead"
JOIN LATERAL (
  SELECT "id" FROM "leads" AS "same" WHERE "same"."phone" = "lead"."phone" ORDER BY "same"."created_at", "same"."id" LIMIT 1
) AS "first" ON "first"."id" <> "lead"."id"
WHERE "lead"."phone" IS NOT NULL
ON CONFLICT ("pair_key") DO NOTHING;

INSERT INTO "lead_duplicates" ("id", "lead_id", "other_lead_id", "reason", "pair_key", "detected_at")
SELECT gen_random_uuid()::text, "lead"."id", "first"."id", 'same_email',
  CASE WHEN "lead"."id" < "first"."id" THEN "lead"."id" || ' ' || "first"."id" ELSE "first"."id" || ' ' || "lead"."id" END,
  "lead"."created_at"
FROM "leads" AS "lead"
JOIN LATERAL (
  SELECT "id" FROM "leads" AS "same" WHERE "same"."email" = "lead"."email" ORDER BY "same"."created_at", "same"."id" LIMIT 1
) AS "first" ON "first"."id" <> "lead"."id"
WHERE "lead"."email" IS NOT NULL
ON CONFLICT ("pair_key") DO NOTHING;

-- The leads stored so far get their identity keys (email_key, name_key, location_key: code the
-- database does not have) from the API after start-up, without holding writes back
-- (IdentityKeysBackfill: lead ids up to this one, in id order), and are then compared for one
-- Gmail mailbox written two ways and for close names in one location.
INSERT INTO "app_settings" ("key", "value", "updated_at")
SELECT 'identity_keys_backfill', json_build_object('after', '', 'until', max("id"))::text, CURRENT_TIMESTAMP FROM "leads" HAVING count(*) > 0;
