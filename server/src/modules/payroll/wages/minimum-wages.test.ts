import { type MinimumWage, momentAtWallClock, type PayrollSettings, type WageDetail } from '@tidyhouse/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customerLocations } from '../../customers/customers.tables';
import { employeePayRates } from '../../employees/employee-records.tables';
import { activeTeam, newJob } from '../../service/jobs/jobs.fixtures';
import { auditLog } from '../../system/system.tables';
import { payPeriodApprovals, timeCardDays, timePunches } from '../time-cards/time-cards.tables';

/** Minimum wages by jurisdiction (issue 24 items 5 and 8): the seeded table, its edits, and pay by place. */
let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
});
afterAll(() => t.close());

const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return momentAtWallClock(date, h * 60 + m, 'America/Los_Angeles');
};
const rates = async () => (await t.call<MinimumWage[]>('/wage/queryMinimumWages', { token: office, body: {} })).data;

describe('the minimum wage table', () => {
  it('is seeded with the state, the Bay Area cities (Hayward for 26 employees or more) and San Mateo County', async () => {
    const list = await rates();
    const of = (jurisdiction: string, from: string) =>
      list.find((r) => r.jurisdiction === jurisdiction && r.effectiveFrom === from);
    expect(of('California', '2026-01-01')).toMatchObject({ scope: 'state', centsPerHour: 1690, minEmployees: 0 });
    expect(of('Burlingame', '2026-01-01')).toMatchObject({ scope: 'city', centsPerHour: 1786 });
    expect(of('Mountain View', '2025-01-01')).toMatchObject({ scope: 'city', centsPerHour: 1920 });
    expect(of('Hayward', '2026-01-01')).toMatchObject({ centsPerHour: 1779, minEmployees: 26 });
    expect(of('San Mateo County (unincorporated)', '2026-01-01')).toMatchObject({ scope: 'county', centsPerHour: 1795 });
    expect(of('San Mateo County (unincorporated)', '2026-01-01')!.places).toContain('North Fair Oaks');
    // The state's rates come first.
    expect(list[0]!.scope).toBe('state');
  });

  it("adds a city's rate under the existing spelling of its name, replaces it on the same date, logged", async () => {
    const add = (centsPerHour: number) =>
      t.call<MinimumWage>('/wage/addMinimumWage', {
        token: office,
        body: { effectiveFrom: '2029-01-01', centsPerHour, scope: 'city', jurisdiction: '  mountain VIEW ' },
      });
    const first = await add(2_030);
    expect(first.data).toMatchObject({ jurisdiction: 'Mountain View', scope: 'city', centsPerHour: 2_030, places: [] });
    const again = await add(2_040);
    expect(again.data).toMatchObject({ id: first.data.id, centsPerHour: 2_040 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.module, 'wages'), eq(auditLog.action, 'addMinimumWage'), eq(auditLog.recordId, first.data.id)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry!.summary).toBe('Minimum wage of Mountain View: $20.40/hour from 2029-01-01');
    expect((await t.call('/wage/removeMinimumWage', { token: office, body: { id: first.data.id } })).code).toBe(0);
  });

  it('refuses a city without its name and a county without its places (10001 naming the field), changing nothing', async () => {
    const before = (await rates()).length;
    const noName = await t.call('/wage/addMinimumWage', {
      token: office,
      body: { effectiveFrom: '2029-01-01', centsPerHour: 2_000, scope: 'city' },
    });
    expect(noName.code).toBe(10001);
    expect(noName.message).toContain('jurisdiction');
    const noPlaces = await t.call('/wage/addMinimumWage', {
      token: office,
      body: { effectiveFrom: '2029-01-01', centsPerHour: 2_000, scope: 'county', jurisdiction: 'Santa Clara County' },
    });
    expect(noPlaces.code).toBe(10001);
    expect(noPlaces.message).toContain('places');
    expect((await rates()).length).toBe(before);
  });

  it('keeps the employee count in the payroll settings, unchanged when an update leaves it out', async () => {
    const settings = (await t.call<PayrollSettings>('/wage/settings', { token: office, body: {} })).data;
    const { periodKind, anchorDate, percentSplit } = settings;
    const saved = await t.call<PayrollSettings>('/wage/updateSettings', {
      token: office,
      body: { periodKind, anchorDate, percentSplit, employeeCount: 30, version: settings.version },
    });
    expect(saved.data.employeeCount).toBe(30);
    const kept = await t.call<PayrollSettings>('/wage/updateSettings', {
      token: office,
      body: { periodKind, anchorDate, percentSplit, version: saved.data.version },
    });
    expect(kept.data.employeeCount).toBe(30);
    const bad = await t.call('/wage/updateSettings', {
      token: office,
      body: { periodKind, anchorDate, percentSplit, employeeCount: 0, version: kept.data.version },
    });
    expect(bad.code).toBe(10001);
    expect(bad.message).toContain('employee count');
  });
});

describe('pay by where the work is done', () => {
  it('a day at a job in Mountain View for an employee paid $17.00 (business in Burlingame): the top-up to $19.70', async () => {
    const team = await activeTeam(t, 3);
    const [member] = (
      (await t.db.execute(
        sql`select user_id from team_members where team_id = ${team.id} order by user_id limit 1`,
      )) as unknown as {
        rows: { user_id: number }[];
      }
    ).rows;
    const userId = Number(member!.user_id);
    await t.db.delete(timePunches).where(eq(timePunches.userId, userId));
    await t.db.delete(timeCardDays).where(eq(timeCardDays.userId, userId));
    await t.db.delete(payPeriodApprovals).where(eq(payPeriodApprovals.userId, userId));
    await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, userId));
    await t.db.insert(employeePayRates).values({ userId, payType: 'hourly', rateCents: 1_700, effectiveFrom: '2025-01-01' });

    const day = '2026-03-25';
    const job = await newJob(t, { teamId: team.id, serviceDate: day, startTime: '08:00' });
    const [location] = await t.db
      .select({ id: customerLocations.id })
      .from(customerLocations)
      .where(sql`${customerLocations.id} = (select location_id from jobs where id = ${job.id})`);
    await t.db.update(customerLocations).set({ city: 'Mountain View' }).where(eq(customerLocations.id, location!.id));
    // 7½ h in the customer's home in Mountain View, ½ h back at the office in Burlingame.
    await t.db.insert(timePunches).values([
      { userId, workDate: day, kind: 'shift', startsAt: at(day, '08:00'), endsAt: at(day, '16:30') },
      { userId, workDate: day, kind: 'job', jobId: job.id, startsAt: at(day, '08:00'), endsAt: at(day, '12:00') },
      { userId, workDate: day, kind: 'meal', startsAt: at(day, '12:00'), endsAt: at(day, '12:30') },
      { userId, workDate: day, kind: 'job', jobId: job.id, startsAt: at(day, '12:30'), endsAt: at(day, '16:00') },
    ]);
    const detail = (await t.call<WageDetail>('/wage/queryDetail', { token: office, body: { userId, date: day } })).data;
    // 450 min × $19.70 + 30 min × $17.86 = $156.68 owed; 8 h × $17.00 = $136.00 paid: top-up $20.68 on the 25th.
    const topUp = detail.lines.find((l) => l.kind === 'minimumWageTopUp')!;
    expect(topUp.cents).toBe(2_068);
    expect(topUp.items!.map((i) => i.workDate)).toEqual([day]);
    expect(detail.grossCents).toBe(15_668);
    expect(detail.minimumWagesUsed).toEqual([
      { jurisdiction: 'Mountain View', centsPerHour: 1_970 },
      { jurisdiction: 'Burlingame', centsPerHour: 1_786 },
    ]);
  });
});
