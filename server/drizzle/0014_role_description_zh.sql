ALTER TABLE "roles" ADD COLUMN "description_zh" text DEFAULT '' NOT NULL;
-- Existing databases: the preset roles whose description is still the preset one get its Chinese text.
--> statement-breakpoint
UPDATE "roles" SET "description_zh" = '所有页面和操作，包括角色和日志。' WHERE "code" = 'super_admin' AND "description" = 'Every screen and action, including roles and logs.' AND "description_zh" = '';
--> statement-breakpoint
UPDATE "roles" SET "description_zh" = '管理办公室：客户、销售、排期、员工、工资、办公室日常、市场营销和企业设置。' WHERE "code" = 'office_manager' AND "description" = 'Runs the office: customers, sales, scheduling, employees, wages, office routines, marketing and business settings.' AND "description_zh" = '';
--> statement-breakpoint
UPDATE "roles" SET "description_zh" = '安排每天的工作和团队，确认已完成的工作。' WHERE "code" = 'scheduler' AND "description" = 'Plans jobs and teams day to day, confirms completed jobs.' AND "description_zh" = '';
--> statement-breakpoint
UPDATE "roles" SET "description_zh" = '为潜在客户报价并跟进客户。' WHERE "code" = 'sales' AND "description" = 'Quotes prospects and follows up with customers.' AND "description_zh" = '';
--> statement-breakpoint
UPDATE "roles" SET "description_zh" = '外勤保洁员：使用外勤应用的账户，不能进入后台页面。' WHERE "code" = 'cleaner' AND "description" = 'Cleaners in the field: an account for the field app, no back-office screens.' AND "description_zh" = '';
