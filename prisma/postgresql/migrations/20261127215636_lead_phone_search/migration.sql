-- Search by phone number (issue 21): a term written as a phone number is looked for in the
-- phone, by its digits, through a trigram GIN index like those over name, email and location
-- (search-index.sql). Building it reads every existing lead; nothing is written to "leads".
CREATE INDEX IF NOT EXISTS "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);
