-- Search by phone number (issue 21): a term written as a phone number is looked for in the
-- phone, by its digits. An FTS5 index of each number's digit 5-grams (search-index.sql's
-- second half), filled here from every existing lead and kept in sync by triggers from now
-- on. The index over name, email and location stays as it is. Nothing is written to "leads".
DROP TRIGGER IF EXISTS "leads_phone_search_after_insert";
DROP TRIGGER IF EXISTS "leads_phone_search_after_delete";
DROP TRIGGER IF EXISTS "leads_phone_search_after_update";
DROP TABLE IF EXISTS "leads_phone_search";
CREATE VIRTUAL TABLE "leads_phone_search" USING fts5(
  grams,
  content = '', contentless_delete = 1, detail = 'none', tokenize = 'unicode61'
);
INSERT INTO "leads_phone_search" (rowid, grams)
SELECT "leads".rowid, group_concat(substr(phone, value + 1, 5), ' ') || ' ' || substr(phone, -4) || ' ' || substr(phone, -3)
FROM "leads", json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14]')
WHERE phone IS NOT NULL AND value + 5 <= length(phone)
GROUP BY "leads".rowid;
CREATE TRIGGER "leads_phone_search_after_insert" AFTER INSERT ON "leads" WHEN new.phone IS NOT NULL BEGIN
  INSERT INTO "leads_phone_search" (rowid, grams)
  SELECT new.rowid, group_concat(substr(new.phone, value + 1, 5), ' ') || ' ' || substr(new.phone, -4) || ' ' || substr(new.phone, -3)
  FROM json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14]') WHERE value + 5 <= length(new.phone);
END;
CREATE TRIGGER "leads_phone_search_after_delete" AFTER DELETE ON "leads" BEGIN
  DELETE FROM "leads_phone_search" WHERE rowid = old.rowid;
END;
CREATE TRIGGER "leads_phone_search_after_update" AFTER UPDATE OF phone ON "leads" BEGIN
  DELETE FROM "leads_phone_search" WHERE rowid = old.rowid;
  INSERT INTO "leads_phone_search" (rowid, grams)
  SELECT new.rowid, group_concat(substr(new.phone, value + 1, 5), ' ') || ' ' || substr(new.phone, -4) || ' ' || substr(new.phone, -3)
  FROM json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14]') WHERE new.phone IS NOT NULL AND value + 5 <= length(new.phone);
END;
