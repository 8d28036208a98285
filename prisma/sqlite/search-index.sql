-- Case-insensitive substring search without a full scan: FTS5 trigram indexes over the
-- leads table's rowids, kept in sync by triggers: one over name, email and location, one
-- over the phone (a search written as a phone number is looked for there, by its digits).
-- Re-created (and rebuilt) whenever a migration re-creates "leads"; what existed is dropped
-- first, so the script also runs over indexes already there.
DROP TRIGGER IF EXISTS "leads_search_after_insert";
DROP TRIGGER IF EXISTS "leads_search_after_delete";
DROP TRIGGER IF EXISTS "leads_search_after_update";
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
DROP TRIGGER IF EXISTS "leads_phone_search_after_insert";
DROP TRIGGER IF EXISTS "leads_phone_search_after_delete";
DROP TRIGGER IF EXISTS "leads_phone_search_after_update";
DROP TABLE IF EXISTS "leads_phone_search";
CREATE VIRTUAL TABLE "leads_phone_search" USING fts5(
  phone,
  content = 'leads', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO "leads_phone_search" ("leads_phone_search") VALUES ('rebuild');
CREATE TRIGGER "leads_phone_search_after_insert" AFTER INSERT ON "leads" BEGIN
  INSERT INTO "leads_phone_search" (rowid, phone) VALUES (new.rowid, new.phone);
END;
CREATE TRIGGER "leads_phone_search_after_delete" AFTER DELETE ON "leads" BEGIN
  INSERT INTO "leads_phone_search" ("leads_phone_search", rowid, phone) VALUES ('delete', old.rowid, old.phone);
END;
CREATE TRIGGER "leads_phone_search_after_update" AFTER UPDATE OF phone ON "leads" BEGIN
  INSERT INTO "leads_phone_search" ("leads_phone_search", rowid, phone) VALUES ('delete', old.rowid, old.phone);
  INSERT INTO "leads_phone_search" (rowid, phone) VALUES (new.rowid, new.phone);
END;
