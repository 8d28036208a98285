-- CreateTable
CREATE TABLE "stages" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- The default pipeline for Indian real estate (hand-written): every existing lead starts in New.
INSERT INTO "stages" ("id", "name", "kind", "position", "created_at", "updated_at") VALUES
    ('stage-new', 'New', 'open', 1, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('stage-contacted', 'Contacted', 'open', 2, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('stage-site-visit-scheduled', 'Site Visit Scheduled', 'open', 3, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('stage-site-visit-done', 'Site Visit Done', 'open', 4, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('stage-negotiation', 'Negotiation', 'open', 5, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('stage-booked', 'Booked', 'won', 6, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    ('stage-lost', 'Lost', 'lost', 7, strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));

-- CreateTable
CREATE TABLE "lead_notes" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lead_id" TEXT NOT NULL,
    "author_id" TEXT,
    "body" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "lead_notes_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "lead_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "staff_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "lead_activities" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lead_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "actor_id" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "data" TEXT NOT NULL,
    CONSTRAINT "lead_activities_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "lead_activities_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "app_settings" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_leads" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "location" TEXT,
    "qualified" BOOLEAN NOT NULL DEFAULT false,
    "source" TEXT NOT NULL DEFAULT 'web form',
    "interested_in" TEXT,
    "budget_amount" REAL,
    "budget_text" TEXT,
    "timeline" TEXT,
    "loan_needed" BOOLEAN,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "stage_id" TEXT NOT NULL DEFAULT 'stage-new',
    "owner_id" TEXT,
    "lost_reason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "archived_at" DATETIME,
    CONSTRAINT "leads_stage_id_fkey" FOREIGN KEY ("stage_id") REFERENCES "stages" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "leads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "staff_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_leads" ("budget_amount", "budget_text", "created_at", "email", "id", "interested_in", "loan_needed", "location", "name", "phone", "qualified", "source", "timeline", "updated_at") SELECT "budget_amount", "budget_text", "created_at", "email", "id", "interested_in", "loan_needed", "location", "name", "phone", "qualified", "source", "timeline", "updated_at" FROM "leads";
DROP TABLE "leads";
ALTER TABLE "new_leads" RENAME TO "leads";
CREATE INDEX "leads_created_at_id_idx" ON "leads"("created_at" DESC, "id" DESC);
CREATE INDEX "leads_qualified_created_at_id_idx" ON "leads"("qualified", "created_at" DESC, "id" DESC);
CREATE INDEX "leads_email_idx" ON "leads"("email");
CREATE INDEX "leads_phone_idx" ON "leads"("phone");
CREATE INDEX "leads_source_created_at_idx" ON "leads"("source", "created_at");
CREATE INDEX "leads_stage_id_created_at_id_idx" ON "leads"("stage_id", "created_at" DESC, "id" DESC);
CREATE INDEX "leads_owner_id_created_at_id_idx" ON "leads"("owner_id", "created_at" DESC, "id" DESC);
CREATE TABLE "new_staff_users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "available" BOOLEAN NOT NULL DEFAULT true,
    "routing_turn" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_staff_users" ("created_at", "email", "id", "name", "password_hash", "role", "updated_at") SELECT "created_at", "email", "id", "name", "password_hash", "role", "updated_at" FROM "staff_users";
DROP TABLE "staff_users";
ALTER TABLE "new_staff_users" RENAME TO "staff_users";
CREATE UNIQUE INDEX "staff_users_email_key" ON "staff_users"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "lead_notes_lead_id_created_at_id_idx" ON "lead_notes"("lead_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "lead_activities_lead_id_at_id_idx" ON "lead_activities"("lead_id", "at" DESC, "id" DESC);

-- Case-insensitive substring search over name, email and location without a full
-- scan: an FTS5 trigram index over the leads table's rowids, kept in sync by
-- triggers. Re-created (and rebuilt) whenever a migration re-creates "leads".
DROP TABLE IF EXISTS "leads_search";
CREATE VIRTUAL TABLE "leads_search" USING fts5(
  name, email, location,
  content = 'leads', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO "leads_search" ("leads_search") VALUES ('rebuild');
CREATE TRIGGER "leads_search_after_insert" AFTER INSERT ON "leads" BEGIN
  INSERT INTO "leads_search" (rowid, name, email, location)
  VALUES (new.rowid, new.name, new.email, new.location);
END;
CREATE TRIGGER "leads_search_after_delete" AFTER DELETE ON "leads" BEGIN
  INSERT INTO "leads_search" ("leads_search", rowid, name, email, location)
  VALUES ('delete', old.rowid, old.name, old.email, old.location);
END;
CREATE TRIGGER "leads_search_after_update" AFTER UPDATE OF name, email, location ON "leads" BEGIN
  INSERT INTO "leads_search" ("leads_search", rowid, name, email, location)
  VALUES ('delete', old.rowid, old.name, old.email, old.location);
  INSERT INTO "leads_search" (rowid, name, email, location)
  VALUES (new.rowid, new.name, new.email, new.location);
END;
