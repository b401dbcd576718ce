import { type AuditDetails, addDays, startOfDayIn } from '@tidyhouse/contract';
import { inArray } from 'drizzle-orm';
import { businessTimeZone, businessToday } from '../../platform/business-date';
import type { Db } from '../../platform/database';
import { loginAttempts } from '../auth/auth.tables';
import { sysUsers } from '../employees/employees.tables';
import { auditLog } from './system.tables';

/** Office staff who sign in to the back office every few days in the demo (they have history anyway). */
const DEMO_LOG_USERS = ['admin', 'office', 'scheduler', 'sales'] as const;
/** How far back the demo logs go: past every clearing option (three months). */
export const DEMO_LOG_DAYS = 100;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];
const IPS = ['10.0.0.21', '10.0.0.34', '10.0.0.57', '73.162.18.4'];

/** Changes office staff made in the demo's past, so the operation log has a history to read and clear. */
const DEMO_OPERATIONS: {
  uname: (typeof DEMO_LOG_USERS)[number];
  module: string;
  action: string;
  recordType?: string;
  summary: string;
  /** The facts of the summary, so it reads in the viewer's language. */
  details: AuditDetails;
  changes?: Record<string, { from: unknown; to: unknown }>;
}[] = [
  {
    uname: 'admin',
    module: 'parameters',
    action: 'quoteParamsModify',
    recordType: 'quoteParameters',
    summary: 'Modified the quote parameters: maxDiscountBps',
    details: { params: { fields: ['maxDiscountBps'] } },
    changes: { maxDiscountBps: { from: 1000, to: 1500 } },
  },
  {
    uname: 'admin',
    module: 'roles',
    action: 'setPermissions',
    recordType: 'role',
    summary: 'Changed the permissions of role "Scheduler / 排班员": added /employee/attendance',
    details: { params: { nameEn: 'Scheduler', nameZh: '排班员', added: ['/employee/attendance'] } },
    changes: { added: { from: null, to: ['/employee/attendance'] }, removed: { from: [], to: null } },
  },
  {
    uname: 'office',
    module: 'zones',
    action: 'modify',
    recordType: 'zone',
    summary: 'Modified zone "San Mateo" (SMT): secondaryZips',
    details: { key: 'record.modifyFields', params: { kind: 'zone', name: 'San Mateo (SMT)', fields: ['secondaryZips'] } },
    changes: { secondaryZips: { from: [], to: ['94002'] } },
  },
  {
    uname: 'office',
    module: 'laborTypes',
    action: 'modify',
    recordType: 'laborType',
    summary: 'Modified labor type "Travel / 路途": defaultHourlyRateCents',
    details: {
      key: 'record.modifyFields',
      params: { kind: 'laborType', nameEn: 'Travel', nameZh: '路途', fields: ['defaultHourlyRateCents'] },
    },
    changes: { defaultHourlyRateCents: { from: 1800, to: 1900 } },
  },
  {
    uname: 'office',
    module: 'priceList',
    action: 'modify',
    recordType: 'priceItem',
    summary: 'Modified price list entry "Pet fee / 宠物费": sortOrder',
    details: { key: 'record.modifyFields', params: { kind: 'fee', nameEn: 'Pet fee', nameZh: '宠物费', fields: ['sortOrder'] } },
    changes: { sortOrder: { from: 150, to: 130 } },
  },
  {
    uname: 'admin',
    module: 'parameters',
    action: 'disclaimerModify',
    recordType: 'disclaimer',
    summary: 'Modified disclaimer "Cancellation policy" (quote): textEn, textZh',
    details: {
      key: 'record.modifyFields',
      params: { kind: 'disclaimer', name: 'Cancellation policy', fields: ['textEn', 'textZh'] },
    },
    changes: { textEn: { from: '24 hours', to: '48 hours' }, textZh: { from: '24 小时', to: '48 小时' } },
  },
];

/** A fixed pseudo-random sequence: the same demo every time. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Demo login attempts and operation entries over the last DEMO_LOG_DAYS days (business time zone), by
 * the office staff only: sign-ins every few days, a few wrong passwords and unknown user names.
 */
export async function seedDemoLogs(db: Db): Promise<void> {
  const timeZone = await businessTimeZone(db);
  const today = await businessToday(db);
  const users = await db
    .select({ id: sysUsers.id, uname: sysUsers.uname })
    .from(sysUsers)
    .where(inArray(sysUsers.uname, [...DEMO_LOG_USERS]));
  const idOf = new Map(users.map((u) => [u.uname, u.id]));
  const random = sequence(42);
  const moment = (daysAgo: number) => {
    const start = startOfDayIn(addDays(today, -daysAgo), timeZone).getTime();
    // Office hours, 8:00 to 18:00.
    return new Date(start + (8 + random() * 10) * 3_600_000);
  };
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;

  const attempts: (typeof loginAttempts.$inferInsert)[] = [];
  for (let daysAgo = DEMO_LOG_DAYS; daysAgo >= 2; daysAgo -= 1) {
    for (const uname of DEMO_LOG_USERS) {
      if (random() > 0.3) continue;
      const userId = idOf.get(uname) ?? null;
      const meta = { ip: pick(IPS), userAgent: pick(AGENTS) };
      if (random() < 0.12)
        attempts.push({ at: moment(daysAgo), uname, userId, success: false, result: 'bad_credentials', ...meta });
      attempts.push({ at: moment(daysAgo), uname, userId, success: true, result: 'ok', ...meta });
    }
    if (daysAgo % 17 === 0) {
      attempts.push({
        at: moment(daysAgo),
        uname: pick(['administrator', 'root', 'test']),
        userId: null,
        success: false,
        result: 'bad_credentials',
        ip: '198.51.100.23',
        userAgent: 'python-requests/2.31.0',
      });
    }
  }
  attempts.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
  await db.insert(loginAttempts).values(attempts);

  const operations = DEMO_OPERATIONS.map((op, i) => ({
    at: moment(DEMO_LOG_DAYS - 5 - i * 15),
    userId: idOf.get(op.uname) ?? null,
    uname: op.uname,
    ip: pick(IPS),
    module: op.module,
    action: op.action,
    recordType: op.recordType ?? null,
    summary: op.summary,
    details: op.details,
    changes: op.changes ?? null,
  }));
  await db.insert(auditLog).values(operations);
}
