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
