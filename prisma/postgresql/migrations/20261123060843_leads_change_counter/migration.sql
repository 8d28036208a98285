-- A counter that moves whenever the leads table changes, so the API can keep exact
-- counts per filter (X-Total-Count) until the next change instead of counting a
-- million rows on every page. A sequence, not a row: nextval takes no row lock, so
-- concurrent writers never wait on it. One bump per statement, whatever its row count.
CREATE SEQUENCE "leads_change_seq";

CREATE FUNCTION "leads_bump_change_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Schema-qualified: the trigger fires for writers whatever their search_path.
  PERFORM nextval(format('%I.leads_change_seq', TG_TABLE_SCHEMA));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "leads_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "leads_bump_change_seq"();
