ALTER TABLE "quote_parameters" ADD COLUMN "field_session_idle_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
-- Hand-written. The auth check reads field_session_idle_hours with the session (platform/sessions.ts) and
-- each process caches that answer: a change to the quote parameters notifies "tidyhouse_auth" like a
-- change to roles does (migration 0026), so every process forgets and reads the new idle-out.
CREATE TRIGGER "quote_parameters_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "quote_parameters" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
-- Roles are seeded only into an empty roles table: a database created before the field app never gave
-- 'field:use' to the roles whose preset holds it (server/src/modules/system/role-presets.ts:
-- office_manager and cleaner), found by code as the seed names them. Only where missing.
INSERT INTO "role_permissions" ("role_id", "key")
  SELECT r."id", 'field:use' FROM "roles" r
  WHERE r."code" IN ('office_manager', 'cleaner') AND r."deleted_at" IS NULL
  ON CONFLICT DO NOTHING;
