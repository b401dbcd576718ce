/** The one Drizzle schema: every module's tables, for the typed client and drizzle-kit. */
export * from '../modules/auth/auth.tables';
export * from '../modules/customers/customers.tables';
export * from '../modules/employees/employee-records.tables';
export * from '../modules/employees/employees.tables';
export * from '../modules/office/card-queue/card-queue.tables';
export * from '../modules/office/office-days.tables';
export * from '../modules/payroll/payroll-settings.tables';
export * from '../modules/payroll/time-cards/time-cards.tables';
export * from '../modules/sales/sales.tables';
export * from '../modules/service/assignments/assignments.tables';
export * from '../modules/service/jobs/jobs.tables';
export * from '../modules/service/plans/plans.tables';
export * from '../modules/service/tasks/tasks.tables';
export * from '../modules/system/settings.tables';
export * from '../modules/system/system.tables';
export * from '../platform/list-counts.tables';
export * from '../platform/references';
