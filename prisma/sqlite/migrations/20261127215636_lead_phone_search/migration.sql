-- Search by phone number (issue 21): a term written as a phone number is looked for in the
-- phone, by its digits. An FTS5 trigram index over the phone (search-index.sql's second
-- half), built here from every existing lead and kept in sync by triggers from now on. The
-- index over name, email and location stays as it is. Nothing is written to "leads".
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
