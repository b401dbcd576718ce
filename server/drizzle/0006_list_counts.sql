CREATE TABLE "list_counts" (
	"list" varchar(32) PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (Drizzle cannot express triggers): list_counts kept exact by statement triggers, in the
-- same transaction as the change. TG_ARGV[0] is the list's name, TG_ARGV[1] the condition of a live
-- row (a soft-deleted row is not counted). A concurrent change waits on the counter row's lock, so
-- the count stays exact under READ COMMITTED.
CREATE FUNCTION "list_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live text := coalesce(TG_ARGV[1], 'true');
  delta bigint := 0;
  n bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE list_counts SET total = 0 WHERE list = TG_ARGV[0];
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT count(*) FROM new_rows WHERE %s', live) INTO n;
    delta := delta + n;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('SELECT count(*) FROM old_rows WHERE %s', live) INTO n;
    delta := delta - n;
  END IF;
  IF delta <> 0 THEN
    UPDATE list_counts SET total = total + delta WHERE list = TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "total") SELECT 'customers', count(*) FROM "customers" WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE TRIGGER "customers_count_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers', 'deleted_at IS NULL');
--> statement-breakpoint
CREATE TRIGGER "customers_count_update" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers', 'deleted_at IS NULL');
--> statement-breakpoint
CREATE TRIGGER "customers_count_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers', 'deleted_at IS NULL');
--> statement-breakpoint
CREATE TRIGGER "customers_count_truncate" AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "total") SELECT 'quotes', count(*) FROM "quotes";
--> statement-breakpoint
CREATE TRIGGER "quotes_count_insert" AFTER INSERT ON "quotes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('quotes');
--> statement-breakpoint
CREATE TRIGGER "quotes_count_delete" AFTER DELETE ON "quotes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('quotes');
--> statement-breakpoint
CREATE TRIGGER "quotes_count_truncate" AFTER TRUNCATE ON "quotes"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('quotes');
