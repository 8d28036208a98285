-- Case-insensitive substring search (ILIKE '%term%') over name, email, location and phone
-- without a full scan: trigram GIN indexes (a search written as a phone number is looked
-- for in the phone, by its digits). The extension lives in public, which stays on every
-- connection's search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX IF NOT EXISTS "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "leads_location_trgm_idx" ON "leads" USING gin ("location" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);
