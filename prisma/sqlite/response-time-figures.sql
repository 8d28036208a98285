-- What the speed-to-lead report aggregates, kept on each lead_response_times row by triggers for
-- every writer: the seconds from arrival to each time, to the millisecond, and the lead's
-- current owner, so a period's figures are read from one index without a join to leads.
-- Re-created whenever a migration re-creates "leads" or "lead_response_times" (dropping a table
-- drops its triggers); what existed is dropped first and every row is filled again, so the
-- script also runs over triggers already there.
DROP TRIGGER IF EXISTS "lead_response_times_figures_after_insert";
DROP TRIGGER IF EXISTS "lead_response_times_figures_after_update";
DROP TRIGGER IF EXISTS "leads_owner_to_response_times";

UPDATE "lead_response_times" SET
  "owner_id" = (SELECT "owner_id" FROM "leads" WHERE "leads"."id" = "lead_response_times"."lead_id"),
  "first_attempt_seconds" = round((julianday("first_attempt_at") - julianday("arrived_at")) * 86400.0, 3),
  "first_conversation_seconds" = round((julianday("first_conversation_at") - julianday("arrived_at")) * 86400.0, 3),
  "first_owner_action_seconds" = round((julianday("first_owner_action_at") - julianday("arrived_at")) * 86400.0, 3);

CREATE TRIGGER "lead_response_times_figures_after_insert" AFTER INSERT ON "lead_response_times" BEGIN
  UPDATE "lead_response_times" SET
    "owner_id" = (SELECT "owner_id" FROM "leads" WHERE "id" = new."lead_id"),
    "first_attempt_seconds" = round((julianday(new."first_attempt_at") - julianday(new."arrived_at")) * 86400.0, 3),
    "first_conversation_seconds" = round((julianday(new."first_conversation_at") - julianday(new."arrived_at")) * 86400.0, 3),
    "first_owner_action_seconds" = round((julianday(new."first_owner_action_at") - julianday(new."arrived_at")) * 86400.0, 3)
  WHERE "lead_id" = new."lead_id";
END;
CREATE TRIGGER "lead_response_times_figures_after_update"
AFTER UPDATE OF "arrived_at", "first_attempt_at", "first_conversation_at", "first_owner_action_at" ON "lead_response_times" BEGIN
  UPDATE "lead_response_times" SET
    "first_attempt_seconds" = round((julianday(new."first_attempt_at") - julianday(new."arrived_at")) * 86400.0, 3),
    "first_conversation_seconds" = round((julianday(new."first_conversation_at") - julianday(new."arrived_at")) * 86400.0, 3),
    "first_owner_action_seconds" = round((julianday(new."first_owner_action_at") - julianday(new."arrived_at")) * 86400.0, 3)
  WHERE "lead_id" = new."lead_id";
END;
-- A reassignment of any kind (by hand, bulk, round-robin, a merge, a member's removal) moves the lead's figures with it.
CREATE TRIGGER "leads_owner_to_response_times" AFTER UPDATE OF "owner_id" ON "leads" WHEN new."owner_id" IS NOT old."owner_id" BEGIN
  UPDATE "lead_response_times" SET "owner_id" = new."owner_id" WHERE "lead_id" = new."id";
END;
