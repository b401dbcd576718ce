import { count } from 'drizzle-orm';
import { rebuildAllBalances } from '../modules/billing/balances/balances.service';
import { seedDemoCardQueue } from '../modules/billing/card-queue/card-queue.seed';
import { seedDemoInvoices } from '../modules/billing/invoices/invoices.seed';
import { seedDemoCustomers } from '../modules/customers/customers.seed';
import { seedDemoEmployeeRecords } from '../modules/employees/employee-records.seed';
import { type SeededUser, seedAdmin, seedDemoEmployees } from '../modules/employees/employees.seed';
import { sysUsers } from '../modules/employees/employees.tables';
import { seedDemoCampaigns } from '../modules/marketing/campaigns/campaigns.seed';
import { seedDemoGiftCertificates } from '../modules/marketing/gift-certificates/gift-certificates.seed';
import { settleDemoMessages } from '../modules/messaging/outbox/demo-messages';
import { seedDemoMessageChoices, seedMessageTemplates } from '../modules/messaging/templates/templates.seed';
import { seedDemoOfficeDay } from '../modules/office/office.seed';
import { seedDemoTimePunches } from '../modules/payroll/time-cards/time-cards.seed';
import { seedDemoQuotes } from '../modules/sales/sales.seed';
import { seedDemoAssignments } from '../modules/service/assignments/assignments.seed';
import { seedDemoService } from '../modules/service/plans/plans.seed';
import { seedDemoLogs } from '../modules/system/logs.seed';
import {
  seedDemoDisclaimers,
  seedDemoPriceList,
  seedDemoZones,
  seedLaborTypes,
  seedParameterRows,
} from '../modules/system/settings.seed';
import { seedBusinessProfile, seedRoles } from '../modules/system/system.seed';
import { businessToday } from '../platform/business-date';
import type { Db } from '../platform/database';
import { generatePassword } from '../platform/passwords';
import type { Secrets } from '../platform/secrets';

export interface SeedReport {
  /**
   * Set only on the first start, when the administrator was created. The password is reported only
   * when it was generated here: one the operator supplied (ADMIN_PASSWORD) is never repeated.
   */
  admin: { uname: string; generatedPassword: string | null } | null;
  demoUsers: SeededUser[];
}

/**
 * First start on an empty database: configuration every business needs, the administrator, and
 * (unless switched off) demo data. Each module adds its own demo data here; nothing runs twice.
 */
export async function seed(db: Db, opts: { adminPassword?: string; demo: boolean; secrets?: Secrets }): Promise<SeedReport> {
  await seedRoles(db);
  await seedBusinessProfile(db, opts.demo);
  await seedParameterRows(db, opts);
  await seedLaborTypes(db);
  await seedMessageTemplates(db, opts);
  const [users] = await db.select({ n: count() }).from(sysUsers);
  if (Number(users?.n) > 0) return { admin: null, demoUsers: [] };

  const password = opts.adminPassword ?? generatePassword();
  const admin = await seedAdmin(db, password);
  if (opts.demo) {
    // Settings first: the employees' demo data refers to labor types and zones.
    await seedDemoDisclaimers(db);
    await seedDemoPriceList(db, await businessToday(db));
    await seedDemoZones(db);
  }
  const demoUsers = opts.demo ? await seedDemoEmployees(db, password) : [];
  if (opts.demo) {
    await seedDemoEmployeeRecords(db);
    await seedDemoLogs(db);
    // Customers and quotes (codes encrypted only when the key is at hand).
    await seedDemoQuotes(db, await seedDemoCustomers(db, opts.secrets ?? null));
    // Their message choices: consent recorded for most, a few texted STOP.
    await seedDemoMessageChoices(db);
    // Campaigns in every audit state; the quotes' channels and coupon link to them.
    await seedDemoCampaigns(db, await businessToday(db));
    // Service plans with three years of jobs behind them and the horizon ahead; the teams' tasks.
    await seedDemoService(db, await businessToday(db));
    // Gift certificates in every status, three of them redeemed on completed demo jobs.
    await seedDemoGiftCertificates(db, await businessToday(db));
    // Daily assignments: a cover on the days a cleaner is on leave.
    await seedDemoAssignments(db, await businessToday(db));
    // The e-payment queue: saved test cards, entries pending, failed and approved.
    await seedDemoCardQueue(db, await businessToday(db));
    // Time cards: punches for the completed jobs of past days, a few days flagged.
    await seedDemoTimePunches(db, await businessToday(db));
    // The office day: yesterday closed, today open with its jobs to confirm.
    await seedDemoOfficeDay(db, await businessToday(db));
    // Invoices of every completed demo job, issued on its day (after the jobs, their payments and the office day).
    await seedDemoInvoices(db);
    // Every demo payment applied to those invoices (its job's first, then oldest due) and the balances rebuilt.
    await rebuildAllBalances(db);
    // What the demo's records queued (the gift certificates' payment receipts): shown as sent on their day, never sent.
    await settleDemoMessages(db);
  }
  return { admin: { uname: admin.uname, generatedPassword: opts.adminPassword ? null : password }, demoUsers };
}
