-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "leads" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "location" TEXT,
    "qualified" BOOLEAN NOT NULL DEFAULT false,
    "source" TEXT NOT NULL DEFAULT 'web form',
    "interested_in" TEXT,
    "budget_amount" DOUBLE PRECISION,
    "budget_text" TEXT,
    "timeline" TEXT,
    "loan_needed" BOOLEAN,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "leads_created_at_id_idx" ON "leads"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "leads_qualified_created_at_id_idx" ON "leads"("qualified", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "leads_email_idx" ON "leads"("email");

-- CreateIndex
CREATE INDEX "leads_phone_idx" ON "leads"("phone");

-- CreateIndex
CREATE INDEX "leads_source_created_at_idx" ON "leads"("source", "created_at");

-- Case-insensitive substring search (ILIKE '%term%') over name, email and location
-- without a full scan: trigram GIN indexes. The extension lives in public, which
-- stays on every connection's search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX IF NOT EXISTS "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "leads_location_trgm_idx" ON "leads" USING gin ("location" gin_trgm_ops);
