-- What the speed-to-lead report aggregates, kept on each lead_response_times row by triggers for
-- every writer: the seconds from arrival to each time, to the millisecond, and the lead's
-- current owner, so a period's figures are read from one index without a join to leads.
-- Idempotent: functions replaced, triggers dropped first, every row filled again.
-- Tables are named through TG_TABLE_SCHEMA: a trigger runs with its caller's search_path.
CREATE OR REPLACE FUNCTION "lead_response_times_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT owner_id FROM %I.leads WHERE id = $1', TG_TABLE_SCHEMA) INTO NEW.owner_id USING NEW.lead_id;
  END IF;
  NEW.first_attempt_seconds := extract(epoch from (NEW.first_attempt_at - NEW.arrived_at));
  NEW.first_conversation_seconds := extract(epoch from (NEW.first_conversation_at - NEW.arrived_at));
  NEW.first_owner_action_seconds := extract(epoch from (NEW.first_owner_action_at - NEW.arrived_at));
  RETURN NEW;
END;
$$;

-- A reassignment of any kind (by hand, bulk, round-robin, a merge, a member's removal) moves the lead's figures with it.
CREATE OR REPLACE FUNCTION "leads_owner_to_response_times"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %I.lead_response_times SET owner_id = $1 WHERE lead_id = $2', TG_TABLE_SCHEMA) USING NEW.owner_id, NEW.id;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS "lead_response_times_figures" ON "lead_response_times";
DROP TRIGGER IF EXISTS "leads_owner_to_response_times" ON "leads";

UPDATE "lead_response_times" r SET
  "owner_id" = l."owner_id",
  "first_attempt_seconds" = extract(epoch from (r."first_attempt_at" - r."arrived_at")),
  "first_conversation_seconds" = extract(epoch from (r."first_conversation_at" - r."arrived_at")),
  "first_owner_action_seconds" = extract(epoch from (r."first_owner_action_at" - r."arrived_at"))
FROM "leads" l WHERE l."id" = r."lead_id";

CREATE TRIGGER "lead_response_times_figures"
  BEFORE INSERT OR UPDATE OF "arrived_at", "first_attempt_at", "first_conversation_at", "first_owner_action_at" ON "lead_response_times"
  FOR EACH ROW EXECUTE FUNCTION "lead_response_times_figures"();
CREATE TRIGGER "leads_owner_to_response_times"
  AFTER UPDATE OF "owner_id" ON "leads"
  FOR EACH ROW WHEN (OLD."owner_id" IS DISTINCT FROM NEW."owner_id") EXECUTE FUNCTION "leads_owner_to_response_times"();
