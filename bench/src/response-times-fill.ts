/**
 * Every generated lead's response-time row, as the app writes one per lead: arrival at its
 * creation; a first call for 85% of them, skewed towards the first minutes (a cube of a uniform
 * draw, up to about 2 h 45 min); a conversation for 60%, 20 s to 10 min after that call; the
 * owner's first action for 70%, up to about 5 h 30 min after arrival. Drawn in SQL from the
 * leads already filled; each database's own random(), so the two differ draw by draw, not in shape.
 */
export const RESPONSE_TIMES_SQL = {
  sqlite: `
    INSERT INTO lead_response_times (lead_id, source, arrived_at, first_attempt_at, first_conversation_at, first_owner_action_at)
    SELECT id, source, created_at,
      CASE WHEN r1 < 850 THEN strftime('%Y-%m-%dT%H:%M:%f+00:00', julianday(created_at) + attempt / 86400.0) END,
      CASE WHEN r1 < 600 THEN strftime('%Y-%m-%dT%H:%M:%f+00:00', julianday(created_at) + (attempt + 20 + talk) / 86400.0) END,
      CASE WHEN r4 < 700 THEN strftime('%Y-%m-%dT%H:%M:%f+00:00', julianday(created_at) + owner / 86400.0) END
    FROM (
      SELECT id, source, created_at, abs(random()) % 1000 AS r1, abs(random()) % 1000 AS r4,
        (abs(random()) % 1000) * (abs(random()) % 1000) * (abs(random()) % 1000) / 100000.0 AS attempt,
        abs(random()) % 580 AS talk,
        (abs(random()) % 1000) * (abs(random()) % 1000) * (abs(random()) % 1000) / 50000.0 AS owner
      FROM leads
    )`,
  postgresql: `
    INSERT INTO lead_response_times (lead_id, source, arrived_at, first_attempt_at, first_conversation_at, first_owner_action_at)
    SELECT id, source, created_at,
      CASE WHEN r1 < 0.85 THEN created_at + make_interval(secs => attempt) END,
      CASE WHEN r1 < 0.6 THEN created_at + make_interval(secs => attempt + 20 + talk) END,
      CASE WHEN r4 < 0.7 THEN created_at + make_interval(secs => owner) END
    FROM (
      SELECT id, source, created_at, random() AS r1, random() AS r4, random() * random() * random() * 10000 AS attempt,
        random() * 580 AS talk, random() * random() * random() * 20000 AS owner
      FROM leads
    ) drawn`,
};
