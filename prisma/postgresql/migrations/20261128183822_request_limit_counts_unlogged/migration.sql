-- The rate limits' counts (request_limit_counts) are written by every counted request (sign-in,
-- webhooks, calendar feeds, callback requests, chat): unlogged, such a write skips the WAL and
-- the flush at commit, which was the whole cost of a count (3-10 ms a request here; 0.2 ms
-- without). A crash empties the table, so the limits count afresh from then: at most a
-- minute's (or an hour's) counts forgotten. A replica has no unlogged table: the counts are only
-- ever read on the primary. SQLite needs nothing (its WAL writes did not wait on a flush).
ALTER TABLE "request_limit_counts" SET UNLOGGED;
