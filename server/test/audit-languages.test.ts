import fs from 'node:fs';
import path from 'node:path';
import {
  AUDIT_MODULES,
  type AuditDetails,
  auditActionTitle,
  auditFieldTitle,
  auditValueText,
  type Locale,
  type OperationLogListRequest,
} from '@tidyhouse/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUsers } from '../src/modules/employees/employees.tables';
import { listOperations } from '../src/modules/system/logs.service';
import { auditLog } from '../src/modules/system/system.tables';
import { auditTexts } from '../src/platform/audit';
import { ENDPOINTS } from './endpoints';
import { createTestApp, type TestApp } from './helper';

/**
 * Issue 23 item 4: every operation log entry reads in the viewer's language. Every endpoint of the guard
 * table is called with its valid input (so the modules write their real facts), the kinds no endpoint
 * writes with its valid input get built facts below, and the whole log is read in zh and in en: no
 * code-shaped identifier (camelCase, snake_case, RRULE text), Chinese where Chinese is expected, every
 * module titled, every changed field and value named as the screens name them.
 */

/** Facts of the kinds the guard table's valid inputs do not write (outcomes of other steps, variants). */
type Built = { module: string; action: string; details: AuditDetails; changes?: Record<string, { from: unknown; to: unknown }> };
const built = (module: string, action: string, params: AuditDetails['params'], key?: string): Built => ({
  module,
  action,
  details: key ? { key, params } : { params },
});
const BUILT: Built[] = [
  built('customers', 'addCardRefund', { amountCents: 5000, reason: 'damage', customerId: 3, cardPaymentId: 9 }),
  built('customers', 'cardRefundReturned', { id: 4, amountCents: 5000, gatewayRefundId: 're_3PqX' }),
  built('employees', 'deactivateTeam', { team: 'Team Blue' }),
  built('employees', 'disable', { name: 'Ana Lopez', uname: 'ana.lopez' }),
  built('employees', 'unfreeze', { name: 'Ana Lopez', uname: 'ana.lopez' }),
  built('laborTypes', 'enable', { kind: 'laborType', nameEn: 'Travel', nameZh: '路途' }, 'record.enable'),
  built('zones', 'disable', { kind: 'zone', name: 'San Mateo (SMT)' }, 'record.disable'),
  built('roles', 'enable', { kind: 'role', nameEn: 'Scheduler', nameZh: '排班员' }),
  built('service', 'activateTask', { reference: 'T-2611-0001', name: 'Vehicle check' }),
  built('service', 'completeJob', { reference: 'J-2611-0001', minutes: 150, tipCents: 1000, paidCents: 14700, method: 'check' }),
  built('service', 'uncompleteJob', { reference: 'J-2611-0001', reason: 'Nobody home' }),
  built('service', 'queueCardCharge', { reference: 'J-2611-0001', serial: 'CQ-2611-0001', amountCents: 14700 }),
  built('service', 'requestReclean', { reference: 'J-2611-0001', reclean: 'J-2611-0002', reason: 'Kitchen missed' }),
  built('service', 'planAddJob', { date: '2026-12-01', plan: 'P-2611-0001' }),
  // A forced change of approved pay (a job's price corrected after approval): no endpoint's valid input approves first.
  built('wages', 'payAdjustment', {
    name: 'Ana Lopez',
    start: '2026-03-15',
    end: '2026-03-21',
    amountCents: 4174,
    kind: 'adjustment_jobPrice',
  }),
  // Invoices are issued by a job's completion (the guard table's jobs are priced at $0.00: none).
  built('billing', 'issueInvoice', {
    number: 'INV-2611-0042',
    reference: 'J-2611-0099',
    totalCents: 16021,
    customerId: 3,
    dueOn: '2026-12-12',
    corrects: null,
  }),
  built(
    'billing',
    'issueInvoice',
    {
      number: 'INV-2611-0057',
      reference: 'J-2611-0099',
      totalCents: 15480,
      customerId: 3,
      dueOn: '2026-12-13',
      corrects: 'INV-2611-0042',
    },
    'billing.correctInvoice',
  ),
  built('office', 'cardChargeApproved', {
    serial: 'CQ-2611-0001',
    amountCents: 14700,
    brand: 'visa',
    last4: '4242',
    transactionId: 'ch_3PqX',
    customerId: 3,
  }),
  built('office', 'cardChargeFailed', {
    serial: 'CQ-2611-0001',
    amountCents: 14700,
    declineCode: 'insufficient_funds',
    customerId: 3,
  }),
  built('office', 'cardChargeFailed', {
    serial: 'CQ-2611-0001',
    amountCents: 14700,
    declineCode: 'resource_missing',
    customerId: 3,
  }),
  built('office', 'cardChargeFailed', {
    serial: 'CQ-2611-0001',
    amountCents: 14700,
    declineCode: 'gateway_key_refused',
    customerId: 3,
  }),
  built('office', 'cardChargePaidOther', {
    serial: 'CQ-2611-0001',
    amountCents: 14700,
    method: 'check',
    paymentId: 42,
    note: '',
  }),
];

/** Every kind (`module.action`) the modules write, read from the source: literal names and both sides of a choice. */
function writtenKinds(): Set<string> {
  const root = path.resolve(import.meta.dirname, '../src/modules');
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? files(full) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
    });
  const kinds = new Set<string>();
  for (const file of files(root)) {
    const source = fs.readFileSync(file, 'utf8');
    const moduleConst = /const MODULE = '(\w+)'/.exec(source)?.[1];
    for (const m of source.matchAll(/module: (?:'(\w+)'|MODULE),\s*action: ([^\n]+)/g)) {
      const module = m[1] ?? moduleConst;
      // The action alone (up to the next property), and of a choice only its outcomes.
      const action = m[2]!.split(/,\s*\w+:/)[0]!;
      const outcomes = action.includes('?') ? action.slice(action.indexOf('?')) : action;
      for (const name of outcomes.matchAll(/'(\w+)'/g)) kinds.add(`${module}.${name[1]}`);
    }
  }
  return kinds;
}

/** Identifiers as code writes them, never words for a reader. */
const CODE_SHAPED = [
  /\b[a-z]+[A-Z][A-Za-z]*\b/, // camelCase
  /\b[a-z]+_[a-z_]+\b/, // snake_case
  /\b(?:FREQ|BYDAY|INTERVAL|COUNT|UNTIL)=/, // RRULE
];
const HAN = /[\u4e00-\u9fff]/;

function problemsOf(text: string, locale: Locale, dataValues: readonly string[]): string[] {
  const problems = CODE_SHAPED.filter((re) => re.test(text)).map((re) => `code ${re.exec(text)![0]}`);
  if (locale === 'zh') {
    // Names, references and reasons people typed stay as typed; what is left must be Chinese.
    let words = text;
    for (const value of [...dataValues].sort((a, b) => b.length - a.length)) words = words.split(value).join(' ');
    const english = words.match(/\b[A-Za-z]{3,}\b/g)?.filter((w) => !ALLOWED_LATIN.has(w));
    if (english?.length) problems.push(`English ${english.join(' ')}`);
    if (!HAN.test(text)) problems.push('no Chinese');
  }
  return problems;
}
/** Latin words a Chinese text may hold: card brands, the API. */
const ALLOWED_LATIN = new Set(['API', 'ZIP', 'Visa', 'Mastercard', 'Amex', 'Discover']);

/** The values of an entry's facts that are data people typed, not codes (a code is one lower-case word, or has _ or capitals). */
function dataValues(details: AuditDetails | null, changes: Record<string, { from: unknown; to: unknown }> | null): string[] {
  // User names are typed by people, whatever they look like.
  const { uname, user, ...params } = details?.params ?? {};
  const values = [...Object.values(params).flat(), ...Object.values(changes ?? {}).flatMap((c) => [c.from, c.to].flat())].filter(
    (v): v is string => typeof v === 'string' && !/^[a-z]+(?:[_A-Z][a-zA-Z]*)*$/.test(v) && !/^\/[\w/]+$/.test(v),
  );
  return [...[uname, user].filter((v): v is string => typeof v === 'string'), ...values];
}

let t: TestApp;
const rows: {
  module: string;
  action: string;
  details: AuditDetails | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
}[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const hashes = await t.db.select({ id: sysUsers.id, passwordHash: sysUsers.passwordHash }).from(sysUsers);
  for (const endpoint of ENDPOINTS) {
    if (!endpoint.validBody) continue;
    // A case may change a password: each starts from the seeded ones.
    for (const { id, passwordHash } of hashes) await t.db.update(sysUsers).set({ passwordHash }).where(eq(sysUsers.id, id));
    const token = endpoint.permission === 'public' ? null : await t.sessionAs(endpoint.allowedRole ?? 'super_admin');
    await t.call(endpoint.path, { method: endpoint.method ?? 'POST', token, body: await endpoint.validBody(t) });
  }
  for (const entry of BUILT) {
    const { summary, searchText } = auditTexts(entry);
    await t.db.insert(auditLog).values({ ...entry, summary, searchText, changes: entry.changes ?? null });
  }
  const all = await t.db
    .select({ module: auditLog.module, action: auditLog.action, details: auditLog.details, changes: auditLog.changes })
    .from(auditLog);
  rows.push(...(all as typeof rows));
}, 600_000);
afterAll(() => t.close());

describe('operation log in both languages (issue 23 item 4)', () => {
  it('covers every kind the modules write', () => {
    const seen = new Set(rows.filter((r) => r.details).map((r) => `${r.module}.${r.action}`));
    const kinds = writtenKinds();
    expect(kinds.size).toBeGreaterThan(100);
    expect([...kinds].filter((kind) => !seen.has(kind)).sort()).toEqual([]);
  });

  for (const locale of ['zh', 'en'] as const) {
    it(`reads every summary in ${locale}`, async () => {
      const { list } = await listOperations(t.db, { pageNum: 1, pageSize: 100_000 } as OperationLogListRequest, locale);
      expect(list.length).toBe(rows.length);
      const problems = new Set<string>();
      const byId = await t.db.select({ id: auditLog.id, details: auditLog.details }).from(auditLog);
      const detailsOf = new Map(byId.map((r) => [r.id, r.details as AuditDetails | null]));
      for (const entry of list) {
        const details = detailsOf.get(entry.id) ?? null;
        for (const p of problemsOf(entry.summary, locale, dataValues(details, entry.changes)))
          problems.add(`${entry.module}.${entry.action}: ${p} in "${entry.summary}"`);
      }
      expect([...problems].sort()).toEqual([]);
    });

    it(`titles every module, action, changed field and value in ${locale}`, () => {
      const problems = new Set<string>();
      for (const row of rows) {
        const module = AUDIT_MODULES.find((m) => m.key === row.module)?.title[locale];
        if (!module) problems.add(`module ${row.module}`);
        const action = auditActionTitle(row.action, locale);
        if (action === row.action) problems.add(`action ${row.action}`);
        for (const [field, change] of Object.entries(row.changes ?? {})) {
          const title = auditFieldTitle(field, locale);
          if (CODE_SHAPED.some((re) => re.test(title)) || (locale === 'zh' && !HAN.test(title)))
            problems.add(`field ${row.module}.${field}`);
          for (const value of [change.from, change.to]) {
            const text = auditValueText(value, locale);
            for (const p of CODE_SHAPED.filter((re) => re.test(text))) problems.add(`value of ${field}: ${p.exec(text)![0]}`);
          }
        }
      }
      expect([...problems].sort()).toEqual([]);
    });
  }
});
