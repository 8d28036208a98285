-- Response times for the leads stored before speed to lead was measured: each arrived when it
-- was created (those releases kept no source's own time). Its first attempt is its first
-- outbound phone call, its first conversation its first call that connected (a start time and a
-- duration above zero, or a call still in progress), its first owner action the first timeline
-- entry of an answering kind by the member of staff who owns it now (who owned it then was not
-- kept). Only what happened at or after the arrival counts, as the API counts it from now on.
-- Times are timestamp(3) UTC, compared as such.
INSERT INTO "lead_response_times" ("lead_id", "source", "arrived_at", "first_attempt_at", "first_conversation_at", "first_owner_action_at")
SELECT
  l."id",
  l."source",
  l."created_at",
  (SELECT min(c."created_at") FROM "calls" c
    WHERE c."lead_id" = l."id" AND c."type" = 'outboundPhoneCall' AND c."created_at" >= l."created_at"),
  (SELECT min(coalesce(c."started_at", c."updated_at")) FROM "calls" c
    WHERE c."lead_id" = l."id"
      AND ((c."started_at" IS NOT NULL AND c."duration_seconds" > 0) OR c."status" IN ('in-progress', 'forwarding'))
      AND coalesce(c."started_at", c."updated_at") >= l."created_at"),
  (SELECT min(a."at") FROM "lead_activities" a
    WHERE a."lead_id" = l."id" AND a."actor_id" = l."owner_id" AND a."at" >= l."created_at"
      AND a."type" IN ('updated', 'stage_changed', 'note_added', 'note_edited', 'note_deleted', 'call', 'tags_changed',
                       'consent_given', 'consent_withdrawn', 'do_not_call_changed', 'archived', 'unarchived'))
FROM "leads" l
WHERE true
ON CONFLICT ("lead_id") DO NOTHING;
