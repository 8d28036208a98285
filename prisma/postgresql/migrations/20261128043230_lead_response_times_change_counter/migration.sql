-- A counter that moves whenever lead_response_times changes, as leads_change_seq does for leads:
-- the speed-to-lead report is kept per period until the next change instead of aggregated anew
-- for every viewer. SQLite reads PRAGMA data_version instead and needs nothing.
CREATE SEQUENCE "lead_response_times_change_seq";

CREATE FUNCTION "lead_response_times_bump_change_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(format('%I.lead_response_times_change_seq', TG_TABLE_SCHEMA));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "lead_response_times_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lead_response_times"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_response_times_bump_change_seq"();
