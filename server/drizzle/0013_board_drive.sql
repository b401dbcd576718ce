ALTER TABLE "jobs" ADD COLUMN "drive_minutes" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "planned_minutes" integer;