DROP INDEX "minimum_wage_rates_from_uq";--> statement-breakpoint
ALTER TABLE "minimum_wage_rates" ADD COLUMN "scope" varchar(8) DEFAULT 'state' NOT NULL;--> statement-breakpoint
ALTER TABLE "minimum_wage_rates" ADD COLUMN "jurisdiction" varchar(80) DEFAULT 'California' NOT NULL;--> statement-breakpoint
ALTER TABLE "minimum_wage_rates" ADD COLUMN "places" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "minimum_wage_rates" ADD COLUMN "min_employees" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD COLUMN "employee_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "minimum_wage_rates_uq" ON "minimum_wage_rates" USING btree ("jurisdiction","effective_from","min_employees");--> statement-breakpoint
ALTER TABLE "minimum_wage_rates" ADD CONSTRAINT "minimum_wage_rates_size_ck" CHECK ("minimum_wage_rates"."min_employees" >= 0);--> statement-breakpoint
-- Local minimum wages of the Bay Area, 2025 and 2026 (research field-service.md "Local minimum wages in the Bay Area").
INSERT INTO "minimum_wage_rates" ("scope", "jurisdiction", "min_employees", "effective_from", "cents_per_hour") VALUES
	('city', 'Belmont', 0, '2025-01-01', 1830), ('city', 'Belmont', 0, '2026-01-01', 1895),
	('city', 'Burlingame', 0, '2025-01-01', 1743), ('city', 'Burlingame', 0, '2026-01-01', 1786),
	('city', 'Cupertino', 0, '2025-01-01', 1820), ('city', 'Cupertino', 0, '2026-01-01', 1870),
	('city', 'Daly City', 0, '2025-01-01', 1707), ('city', 'Daly City', 0, '2026-01-01', 1750),
	('city', 'East Palo Alto', 0, '2025-01-01', 1745), ('city', 'East Palo Alto', 0, '2026-01-01', 1790),
	('city', 'Foster City', 0, '2025-01-01', 1739), ('city', 'Foster City', 0, '2026-01-01', 1785),
	('city', 'Half Moon Bay', 0, '2025-01-01', 1747), ('city', 'Half Moon Bay', 0, '2026-01-01', 1791),
	('city', 'Hayward', 26, '2025-01-01', 1736), ('city', 'Hayward', 26, '2026-01-01', 1779),
	('city', 'Los Altos', 0, '2025-01-01', 1820), ('city', 'Los Altos', 0, '2026-01-01', 1870),
	('city', 'Menlo Park', 0, '2025-01-01', 1710), ('city', 'Menlo Park', 0, '2026-01-01', 1755),
	('city', 'Mountain View', 0, '2025-01-01', 1920), ('city', 'Mountain View', 0, '2026-01-01', 1970),
	('city', 'Oakland', 0, '2025-01-01', 1689), ('city', 'Oakland', 0, '2026-01-01', 1734),
	('city', 'Palo Alto', 0, '2025-01-01', 1820), ('city', 'Palo Alto', 0, '2026-01-01', 1870),
	('city', 'Redwood City', 0, '2025-01-01', 1820), ('city', 'Redwood City', 0, '2026-01-01', 1865),
	('city', 'San Carlos', 0, '2025-01-01', 1732), ('city', 'San Carlos', 0, '2026-01-01', 1775),
	('city', 'San Jose', 0, '2025-01-01', 1795), ('city', 'San Jose', 0, '2026-01-01', 1845),
	('city', 'San Mateo', 0, '2025-01-01', 1795), ('city', 'San Mateo', 0, '2026-01-01', 1860),
	('city', 'Santa Clara', 0, '2025-01-01', 1820), ('city', 'Santa Clara', 0, '2026-01-01', 1870),
	('city', 'South San Francisco', 0, '2025-01-01', 1770), ('city', 'South San Francisco', 0, '2026-01-01', 1815),
	('city', 'Sunnyvale', 0, '2025-01-01', 1900), ('city', 'Sunnyvale', 0, '2026-01-01', 1950)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- San Mateo County's ordinance covers its unincorporated area: the census places there, as an address names them.
INSERT INTO "minimum_wage_rates" ("scope", "jurisdiction", "places", "min_employees", "effective_from", "cents_per_hour")
SELECT 'county', 'San Mateo County (unincorporated)', '["Broadmoor", "Burlingame Hills", "Devonshire", "El Granada", "Emerald Lake Hills", "Highlands", "Kings Mountain", "La Honda", "Ladera", "Loma Mar", "Montara", "Moss Beach", "North Fair Oaks", "Pescadero", "Princeton", "San Gregorio", "Sequoia Tract", "West Menlo Park"]'::jsonb, 0, d, c
FROM (VALUES ('2025-01-01'::date, 1746), ('2026-01-01'::date, 1795)) AS v(d, c)
ON CONFLICT DO NOTHING;
