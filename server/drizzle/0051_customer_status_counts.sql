-- Hand-written: the customer list's status filter reads its count from list_counts (migration 0006's
-- statement triggers and function), one counter per status, as the unfiltered list does, instead of
-- counting up to 10,001 index entries on every page (issue 25). A live customer of that status counts.
INSERT INTO "list_counts" ("list", "total") SELECT 'customers:prospect', count(*) FROM "customers" WHERE "deleted_at" IS NULL AND "status" = 'prospect';
--> statement-breakpoint
CREATE TRIGGER "customers_prospect_count_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:prospect', 'deleted_at IS NULL AND status = ''prospect''');
--> statement-breakpoint
CREATE TRIGGER "customers_prospect_count_update" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:prospect', 'deleted_at IS NULL AND status = ''prospect''');
--> statement-breakpoint
CREATE TRIGGER "customers_prospect_count_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:prospect', 'deleted_at IS NULL AND status = ''prospect''');
--> statement-breakpoint
CREATE TRIGGER "customers_prospect_count_truncate" AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:prospect');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "total") SELECT 'customers:active', count(*) FROM "customers" WHERE "deleted_at" IS NULL AND "status" = 'active';
--> statement-breakpoint
CREATE TRIGGER "customers_active_count_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:active', 'deleted_at IS NULL AND status = ''active''');
--> statement-breakpoint
CREATE TRIGGER "customers_active_count_update" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:active', 'deleted_at IS NULL AND status = ''active''');
--> statement-breakpoint
CREATE TRIGGER "customers_active_count_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:active', 'deleted_at IS NULL AND status = ''active''');
--> statement-breakpoint
CREATE TRIGGER "customers_active_count_truncate" AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:active');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "total") SELECT 'customers:inactive', count(*) FROM "customers" WHERE "deleted_at" IS NULL AND "status" = 'inactive';
--> statement-breakpoint
CREATE TRIGGER "customers_inactive_count_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:inactive', 'deleted_at IS NULL AND status = ''inactive''');
--> statement-breakpoint
CREATE TRIGGER "customers_inactive_count_update" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:inactive', 'deleted_at IS NULL AND status = ''inactive''');
--> statement-breakpoint
CREATE TRIGGER "customers_inactive_count_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:inactive', 'deleted_at IS NULL AND status = ''inactive''');
--> statement-breakpoint
CREATE TRIGGER "customers_inactive_count_truncate" AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_count_change"('customers:inactive');
