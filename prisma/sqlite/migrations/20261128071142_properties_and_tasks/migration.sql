-- AlterTable
ALTER TABLE "staff_users" ADD COLUMN "calendar_feed_hash" TEXT;
ALTER TABLE "staff_users" ADD COLUMN "phone" TEXT;
ALTER TABLE "staff_users" ADD COLUMN "working_hours" TEXT;

-- CreateTable
CREATE TABLE "properties" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "locality" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "price_text" TEXT NOT NULL,
    "price_rupees" REAL NOT NULL,
    "bedrooms" INTEGER,
    "area" TEXT NOT NULL,
    "area_sq_ft" REAL,
    "amenities" TEXT NOT NULL DEFAULT '[]',
    "highlight" TEXT,
    "image_key" TEXT,
    "status" TEXT NOT NULL DEFAULT 'available',
    "site_visit_address" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lead_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "due_at" DATETIME NOT NULL,
    "ends_at" DATETIME,
    "assignee_id" TEXT,
    "property_id" INTEGER,
    "notes" TEXT,
    "created_by_id" TEXT,
    "vapi_call_id" TEXT,
    "done_at" DATETIME,
    "done_by_id" TEXT,
    "outcome" TEXT,
    "cancelled_at" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "tasks_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "leads" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "tasks_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "staff_users" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "tasks_property_id_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "properties_status_price_idx" ON "properties"("status", "price_rupees");

-- CreateIndex
CREATE INDEX "tasks_open_by_assignee_idx" ON "tasks"("assignee_id", "due_at", "id") WHERE done_at IS NULL AND cancelled_at IS NULL;

-- CreateIndex
CREATE INDEX "tasks_type_due_at_idx" ON "tasks"("type", "due_at");

-- CreateIndex
CREATE INDEX "tasks_lead_id_due_at_idx" ON "tasks"("lead_id", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "staff_users_calendar_feed_hash_key" ON "staff_users"("calendar_feed_hash");

-- The page's 16 sample properties, with the page's own ids, names, prices and figures.
INSERT INTO "properties" ("id", "name", "location", "locality", "city", "category", "price_text", "price_rupees", "bedrooms", "area", "area_sq_ft", "amenities", "highlight", "image_key", "status", "site_visit_address", "created_at", "updated_at") VALUES
    (1, 'Skyline Residency 2BHK', 'Andheri West, Mumbai', 'Andheri West', 'Mumbai', 'apartment', '₹1.2 Cr', 12000000, 2, '1,050 sq ft', 1050, '["Swimming pool","Gym","24x7 security"]', 'A 2BHK with a pool and gym, ten minutes from Andheri metro', 'skyline-residency', 'available', 'Site office, Skyline Residency 2BHK, Andheri West, Mumbai', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (2, 'Prestige Lakeside Habitat 3BHK', 'Whitefield, Bengaluru', 'Whitefield', 'Bengaluru', 'apartment', '₹95 Lakh', 9500000, 3, '1,480 sq ft', 1480, '["Lake view","Clubhouse","Covered parking"]', 'A 3BHK overlooking the lake, with a clubhouse and covered parking', 'prestige-lakeside-habitat', 'available', 'Site office, Prestige Lakeside Habitat 3BHK, Whitefield, Bengaluru', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (3, 'Green Valley Heights 2BHK', 'Wakad, Pune', 'Wakad', 'Pune', 'apartment', '₹49.5 Lakh', 4950000, 2, '940 sq ft', 940, '["Children’s play area","Power backup","Lift"]', 'An affordable 2BHK with a play area and full power backup', 'green-valley-heights', 'available', 'Site office, Green Valley Heights 2BHK, Wakad, Pune', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (4, 'DLF Park Place 4BHK', 'Sector 54, Gurugram', 'Sector 54', 'Gurugram', 'apartment', '₹2 Cr', 20000000, 4, '2,350 sq ft', 2350, '["Golf course view","Concierge","Gym"]', 'A 4BHK facing the golf course, with a concierge', 'dlf-park-place', 'available', 'Site office, DLF Park Place 4BHK, Sector 54, Gurugram', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (5, 'Palm Grove Villa', 'East Coast Road, Chennai', 'East Coast Road', 'Chennai', 'villa', '₹1.85 Cr', 18500000, 4, '2,800 sq ft', 2800, '["Private garden","Sea breeze","Solar panels"]', 'A villa with a private garden near the sea, on solar power', 'palm-grove-villa', 'available', 'Site office, Palm Grove Villa, East Coast Road, Chennai', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (6, 'Casa Goa Heritage Villa', 'Assagao, Goa', 'Assagao', 'Goa', 'villa', '₹3.5 Cr', 35000000, 4, '3,600 sq ft', 3600, '["Private pool","Portuguese architecture","Courtyard"]', 'A Portuguese-style villa with a private pool and courtyard', 'casa-goa-heritage-villa', 'available', 'Site office, Casa Goa Heritage Villa, Assagao, Goa', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (7, 'Whispering Pines Villa', 'Sarjapur Road, Bengaluru', 'Sarjapur Road', 'Bengaluru', 'villa', '₹99 Lakh', 9900000, 3, '2,100 sq ft', 2100, '["Gated community","Terrace garden","Clubhouse"]', 'A villa in a gated community, with a terrace garden', 'whispering-pines-villa', 'available', 'Site office, Whispering Pines Villa, Sarjapur Road, Bengaluru', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (8, 'Lotus Courtyard Villa', 'Jubilee Hills, Hyderabad', 'Jubilee Hills', 'Hyderabad', 'villa', '₹4.2 Cr', 42000000, 5, '4,500 sq ft', 4500, '["Home theatre","Private pool","Staff quarters"]', 'A large villa with a home theatre, a private pool and staff quarters', 'lotus-courtyard-villa', 'available', 'Site office, Lotus Courtyard Villa, Jubilee Hills, Hyderabad', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (9, 'Sunrise Meadows Plot', 'Shamshabad, Hyderabad', 'Shamshabad', 'Hyderabad', 'plot', '₹35 Lakh', 3500000, NULL, '1,800 sq ft', 1800, '["HMDA approved","Near airport","Gated layout"]', 'An HMDA-approved plot in a gated layout near the airport', 'sunrise-meadows-plot', 'available', 'Site office, Sunrise Meadows Plot, Shamshabad, Hyderabad', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (10, 'Riverside Farm Plot', 'Karjat, Maharashtra', 'Karjat', 'Karjat', 'plot', '₹50 Lakh', 5000000, NULL, '10,000 sq ft', 10000, '["River frontage","Mango trees","Borewell"]', 'A farm plot on the river, with mango trees and a borewell', 'riverside-farm-plot', 'available', 'Site office, Riverside Farm Plot, Karjat, Maharashtra', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (11, 'Orchard Enclave Plot', 'Devanahalli, Bengaluru', 'Devanahalli', 'Bengaluru', 'plot', '₹72 Lakh', 7200000, NULL, '2,400 sq ft', 2400, '["BIAAPA approved","Clubhouse","Underground cabling"]', 'A BIAAPA-approved plot with a clubhouse, near the airport', 'orchard-enclave-plot', 'available', 'Site office, Orchard Enclave Plot, Devanahalli, Bengaluru', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (12, 'Heritage Acres Plot', 'Mahabalipuram Road, Chennai', 'Mahabalipuram Road', 'Chennai', 'plot', '₹28 Lakh', 2800000, NULL, '1,200 sq ft', 1200, '["DTCP approved","Corner plot","Tar roads"]', 'A DTCP-approved corner plot on tar roads', 'heritage-acres-plot', 'available', 'Site office, Heritage Acres Plot, Mahabalipuram Road, Chennai', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (13, 'Cyber Hub Office Suite', 'DLF Cyber City, Gurugram', 'DLF Cyber City', 'Gurugram', 'commercial', '₹2.75 Cr', 27500000, NULL, '3,200 sq ft', 3200, '["Grade A building","Metro access","Central AC"]', 'An office suite in a Grade A building beside the metro', 'cyber-hub-office-suite', 'available', 'Site office, Cyber Hub Office Suite, DLF Cyber City, Gurugram', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (14, 'Marketplace Retail Shop', 'Koregaon Park, Pune', 'Koregaon Park', 'Pune', 'commercial', '₹1 Cr', 10000000, NULL, '650 sq ft', 650, '["Ground floor","High footfall","Visitor parking"]', 'A ground-floor shop on a busy street, with visitor parking', 'marketplace-retail-shop', 'available', 'Site office, Marketplace Retail Shop, Koregaon Park, Pune', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (15, 'Tech Park Co-working Floor', 'HITEC City, Hyderabad', 'HITEC City', 'Hyderabad', 'commercial', '₹1.99 Cr', 19900000, NULL, '4,000 sq ft', 4000, '["Plug and play","Cafeteria","Power backup"]', 'A plug-and-play co-working floor with a cafeteria', 'tech-park-coworking-floor', 'available', 'Site office, Tech Park Co-working Floor, HITEC City, Hyderabad', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')),
    (16, 'High Street Showroom', 'Salt Lake Sector V, Kolkata', 'Salt Lake Sector V', 'Kolkata', 'commercial', '₹45 Lakh', 4500000, NULL, '480 sq ft', 480, '["Main road facing","Glass frontage","Lift"]', 'A showroom facing the main road, with a glass frontage', 'high-street-showroom', 'available', 'Site office, High Street Showroom, Salt Lake Sector V, Kolkata', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
