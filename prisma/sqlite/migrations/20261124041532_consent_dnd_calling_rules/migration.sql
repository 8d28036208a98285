-- CreateTable
CREATE TABLE "lead_consents" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lead_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "wording" TEXT NOT NULL,
    "given_at" DATETIME NOT NULL,
    "evidence" TEXT NOT NULL,
    "withdrawn_at" DATETIME,
    "withdrawn_via" TEXT,
    "withdrawn_evidence" TEXT,
    "call_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "lead_consents_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "dnd_numbers" (
    "phone" TEXT NOT NULL PRIMARY KEY,
    "added_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "call_refusals" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lead_id" TEXT,
    "actor_id" TEXT,
    "reason" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "call_refusals_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "call_refusals_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "staff_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
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
    "tags" TEXT NOT NULL DEFAULT '[]',
    "do_not_call" BOOLEAN NOT NULL DEFAULT false,
    "do_not_call_reason" TEXT,
    CONSTRAINT "leads_stage_id_fkey" FOREIGN KEY ("stage_id") REFERENCES "stages" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "leads_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "staff_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_leads" ("archived_at", "budget_amount", "budget_text", "created_at", "email", "id", "interested_in", "loan_needed", "location", "lost_reason", "name", "owner_id", "phone", "qualified", "source", "stage_id", "tags", "timeline", "updated_at", "version") SELECT "archived_at", "budget_amount", "budget_text", "created_at", "email", "id", "interested_in", "loan_needed", "location", "lost_reason", "name", "owner_id", "phone", "qualified", "source", "stage_id", "tags", "timeline", "updated_at", "version" FROM "leads";
DROP TABLE "leads";
ALTER TABLE "new_leads" RENAME TO "leads";
CREATE INDEX "leads_created_at_id_idx" ON "leads"("created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;
CREATE INDEX "leads_qualified_created_at_id_idx" ON "leads"("qualified", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;
CREATE INDEX "leads_stage_id_created_at_id_idx" ON "leads"("stage_id", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;
CREATE INDEX "leads_owner_id_created_at_id_idx" ON "leads"("owner_id", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;
CREATE INDEX "leads_stage_id_owner_id_created_at_id_idx" ON "leads"("stage_id", "owner_id", "created_at" DESC, "id" DESC, "archived_at") WHERE archived_at IS NULL;
CREATE INDEX "leads_archived_created_at_id_idx" ON "leads"("created_at" DESC, "id" DESC) WHERE archived_at IS NOT NULL;
CREATE INDEX "leads_email_idx" ON "leads"("email");
CREATE INDEX "leads_phone_idx" ON "leads"("phone");
CREATE INDEX "leads_source_created_at_idx" ON "leads"("source", "created_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "lead_consents_lead_id_given_at_idx" ON "lead_consents"("lead_id", "given_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "lead_consents_lead_id_call_id_key" ON "lead_consents"("lead_id", "call_id");

-- CreateIndex
CREATE INDEX "call_refusals_at_id_idx" ON "call_refusals"("at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "call_refusals_lead_id_idx" ON "call_refusals"("lead_id");

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
