-- A second counter beside leads_change_seq that moves only when which leads exist, are
-- qualified or are archived may have changed: what the unfiltered list's and the
-- seed's filter buttons' counts read. A bulk stage change (thousands of rows, a batch
-- every fraction of a second) leaves these counts cached instead of recounting a
-- million rows after every batch. "UPDATE OF" fires when the statement sets the column,
-- changed or not: it errs towards counting again, never towards a stale count.
CREATE SEQUENCE "leads_membership_change_seq";

CREATE FUNCTION "leads_bump_membership_change_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(format('%I.leads_membership_change_seq', TG_TABLE_SCHEMA));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "leads_membership_changed"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "qualified", "archived_at" ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "leads_bump_membership_change_seq"();
