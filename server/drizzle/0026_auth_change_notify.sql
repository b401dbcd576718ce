-- Hand-written (Drizzle cannot express triggers). Each server process keeps the sessions it has
-- checked in memory (platform/session-cache.ts) and listens on "tidyhouse_auth": any change that can
-- make a session unusable or change what a role may do notifies it at commit, and every process
-- forgets what it knew. A touch of last_seen_at alone does not notify (a cache hit never needs it).
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tidyhouse_auth', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_update" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_delete" AFTER DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "sys_users_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "sys_users" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
