import { momentAtWallClock } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { employeePayRates } from '../../employees/employee-records.tables';
import { sysUsers } from '../../employees/employees.tables';
import { activeTeam } from '../../service/jobs/jobs.fixtures';
import { rolePermissions, roles } from '../../system/system.tables';
import { payPeriodApprovals, timeCardDays, timePunches } from '../time-cards/time-cards.tables';
import { PAYROLL_EXPORT_COLUMNS } from './payroll-export';

/** `GET /wage/payrollExport?date=` (issue 24): the CSV for the payroll processor, read back. */

let t: TestApp;
let office: string;
let userId: number;
const DAY = '2026-03-03';
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
  const team = await activeTeam(t);
  const rows = (await t.db.execute(
    sql`select user_id from team_members where team_id = ${team.id} order by user_id limit 1`,
  )) as unknown as { rows: { user_id: number }[] };
  userId = Number(rows.rows[0]!.user_id);
  // A clean history: no demo punches or approvals, $20.00 an hour, a known number and a name with a comma
  // and a leading "=" (a spreadsheet must not read it as a formula).
  await t.db.delete(timePunches).where(eq(timePunches.userId, userId));
  await t.db.delete(timeCardDays).where(eq(timeCardDays.userId, userId));
  await t.db.delete(payPeriodApprovals).where(eq(payPeriodApprovals.userId, userId));
  await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, userId));
  await t.db.insert(employeePayRates).values({ userId, payType: 'hourly', rateCents: 2_000, effectiveFrom: '2025-01-01' });
  await t.db.update(sysUsers).set({ employeeNo: 'E-0424', name: '=Ortiz, Ana "Annie"' }).where(eq(sysUsers.id, userId));
  // A 13-hour day: 13 h straight, 4 h overtime and 1 h double time as premiums.
  const at = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    return momentAtWallClock(DAY, h * 60 + m, 'America/Los_Angeles');
  };
  await t.db.insert(timePunches).values([
    { userId, workDate: DAY, kind: 'shift', startsAt: at('06:00'), endsAt: at('20:00') },
    { userId, workDate: DAY, kind: 'meal', startsAt: at('10:00'), endsAt: at('10:30') },
    { userId, workDate: DAY, kind: 'meal', startsAt: at('15:00'), endsAt: at('15:30') },
  ]);
});
afterAll(() => t.close());

/** RFC 4180 rows (quoted fields with doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

const exportAs = async (token: string, locale: 'en' | 'zh' = 'en') => {
  const file = await t.app.inject({
    method: 'GET',
    url: `/_/wage/payrollExport?date=${DAY}`,
    headers: { authorization: token, 'accept-language': locale },
  });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('text/csv');
  expect(String(file.headers['content-disposition'])).toContain('payroll-2026-03-01-2026-03-07.csv');
  const text = file.rawPayload.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual([...PAYROLL_EXPORT_COLUMNS]);
  const col = (name: (typeof PAYROLL_EXPORT_COLUMNS)[number]) => header!.indexOf(name);
  const mine = rows.filter((r) => r[col('employee_no')] === 'E-0424');
  return { rows, mine, col };
};

describe('payroll export CSV', () => {
  it('a row per pay code with the employee number, hours, rate and amount; overtime as premiums', async () => {
    const { mine, col } = await exportAs(office);
    const byCode = Object.fromEntries(mine.map((r) => [r[col('pay_code')], [r[col('hours')], r[col('rate')], r[col('amount')]]]));
    expect(byCode).toEqual({
      REG: ['13.00', '20.00', '260.00'],
      OT_PREMIUM: ['4.00', '10.00', '40.00'],
      DT_PREMIUM: ['1.00', '20.00', '20.00'],
    });
    for (const r of mine) {
      expect(r[col('employee')]).toBe('\'=Ortiz, Ana "Annie"');
      expect([r[col('period_start')], r[col('period_end')]]).toEqual(['2026-03-01', '2026-03-07']);
    }
    expect(mine.find((r) => r[col('pay_code')] === 'OT_PREMIUM')![col('description')]).toBe('Overtime premium (+½ regular rate)');
    // The amounts add up to the gross of the wages screen.
    const detail = await t.call<{ grossCents: number }>('/wage/queryDetail', { token: office, body: { userId, date: DAY } });
    const total = mine.reduce((s, r) => s + Math.round(Number(r[col('amount')]) * 100), 0);
    expect(total).toBe(detail.data.grossCents);
  });

  it("describes the lines in the caller's language, the codes and columns unchanged", async () => {
    const { mine, col } = await exportAs(office, 'zh');
    expect(mine.map((r) => r[col('pay_code')])).toEqual(['REG', 'OT_PREMIUM', 'DT_PREMIUM']);
    expect(mine[0]![col('description')]).toBe('正常工资（全部工时）');
  });

  it('leaves rates out for a caller with the wages screen but not the pay key', async () => {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'scheduler'));
    await t.db.insert(rolePermissions).values({ roleId: role!.id, key: '/employee/wages' });
    const { mine, col } = await exportAs(await t.sessionAs('scheduler'));
    expect(mine.map((r) => [r[col('pay_code')], r[col('hours')], r[col('rate')], r[col('amount')]])).toEqual([
      ['REG', '13.00', '', '260.00'],
      ['OT_PREMIUM', '4.00', '', '40.00'],
      ['DT_PREMIUM', '1.00', '', '20.00'],
    ]);
  });
});
