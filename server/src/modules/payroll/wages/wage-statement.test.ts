import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatCents, momentAtWallClock, type WageDetail } from '@tidyhouse/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { employeePayRates } from '../../employees/employee-records.tables';
import { sysUsers } from '../../employees/employees.tables';
import { activeTeam, newJob } from '../../service/jobs/jobs.fixtures';
import { jobs } from '../../service/jobs/jobs.tables';
import { profileDetail } from '../../system/params.service';
import { sickLeaveBalance } from '../sick-leave/sick-leave.service';
import { payPeriodApprovals, timeCardDays, timePunches } from '../time-cards/time-cards.tables';

/** The wage statement read back with pdftotext: each item of Labor Code 226(a) and 226.2 (issue 24 item 3). */

let t: TestApp;
let office: string;
const DAY = '2026-03-03';
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return momentAtWallClock(DAY, h * 60 + m, 'America/Los_Angeles');
};

beforeAll(async () => {
  t = await createTestApp();
  office = await t.sessionAs('office_manager');
});
afterAll(() => t.close());

/** A member of a team, with a clean history, one pay rate and an employee number. */
async function employee(offset: number, payType: 'hourly' | 'percentage', rateCents: number, employeeNo: string) {
  const team = await activeTeam(t, offset);
  const rows = (await t.db.execute(
    sql`select user_id from team_members where team_id = ${team.id} order by user_id limit 1`,
  )) as unknown as { rows: { user_id: number }[] };
  const userId = Number(rows.rows[0]!.user_id);
  await t.db.delete(timePunches).where(eq(timePunches.userId, userId));
  await t.db.delete(timeCardDays).where(eq(timeCardDays.userId, userId));
  await t.db.delete(payPeriodApprovals).where(eq(payPeriodApprovals.userId, userId));
  await t.db.update(employeePayRates).set({ deletedAt: new Date() }).where(eq(employeePayRates.userId, userId));
  await t.db.insert(employeePayRates).values({ userId, payType, rateCents, effectiveFrom: '2025-01-01' });
  await t.db.update(sysUsers).set({ employeeNo }).where(eq(sysUsers.id, userId));
  return { userId, teamId: team.id as number };
}

async function statementText(userId: number, lang: 'en' | 'zh') {
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/_/wage/statement?userId=${userId}&date=${DAY}&lang=${lang}`,
    headers: { authorization: office },
  });
  expect(pdf.statusCode).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statement-')), 'statement.pdf');
  fs.writeFileSync(file, pdf.rawPayload);
  // -layout keeps each table row on one line.
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

const detailOf = async (userId: number) =>
  (await t.call<WageDetail>('/wage/queryDetail', { token: office, body: { userId, date: DAY } })).data;
/** A line of the text holding every part, in order, with anything between. */
const rowWith = (...parts: string[]) => new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*'));

describe('wage statement (Labor Code 226(a), 226.2)', () => {
  it('an hourly employee: employer, employee number, inclusive dates, hours, the rates in effect with overtime and double time', async () => {
    const { userId } = await employee(0, 'hourly', 2_000, 'E-1001');
    await t.db.insert(timePunches).values([
      { userId, workDate: DAY, kind: 'shift', startsAt: at('06:00'), endsAt: at('20:00') },
      { userId, workDate: DAY, kind: 'meal', startsAt: at('10:00'), endsAt: at('10:30') },
      { userId, workDate: DAY, kind: 'meal', startsAt: at('15:00'), endsAt: at('15:30') },
    ]);
    // The legal name set on Location Parameters is the employer named (the business name is the fallback).
    await t.call('/sysParam/profileModify', {
      token: await t.sessionAs('super_admin'),
      body: { ...(await profileDetail(t.db)), legalName: 'Tidyhouse Payroll Test LLC' },
    });
    const employer = await profileDetail(t.db);
    expect(employer.legalName).toBe('Tidyhouse Payroll Test LLC');
    const [user] = await t.db.select({ name: sysUsers.name }).from(sysUsers).where(eq(sysUsers.id, userId));
    const text = await statementText(userId, 'en');

    expect(text).toMatch(rowWith('Employer', 'Tidyhouse Payroll Test LLC'));
    expect(text).toMatch(rowWith('Employer address', employer.street, employer.city, employer.zip));
    expect(text).toMatch(rowWith('Employee', user!.name));
    expect(text).toMatch(rowWith('Employee number', 'E-1001'));
    expect(text).toMatch(rowWith('Pay period (inclusive)', '2026-03-01 – 2026-03-07'));
    expect(text).toMatch(rowWith('Total hours worked', '13.00'));
    // Straight time for every hour, then the premiums; the gross.
    expect(text).toMatch(rowWith('Regular pay (all hours)', '13.00', '$20.00', '$260.00'));
    expect(text).toMatch(rowWith('Overtime premium', '4.00', '$10.00', '$40.00'));
    expect(text).toMatch(rowWith('Gross pay', '13.00', '$320.00'));
    // Every hourly rate in effect with the hours at each, the overtime and double-time rates included.
    expect(text).toMatch(rowWith('Regular rate: $260.00 ÷ 13.00 h', '13.00', '$20.00/h'));
    expect(text).toMatch(rowWith('Overtime rate: 1.5 × regular rate', '4.00', '$30.00/h'));
    expect(text).toMatch(rowWith('Double-time rate: 2 × regular rate', '1.00', '$40.00/h'));
    // The minimum wage used, the sick leave available, and where deductions and net pay come from.
    for (const m of (await detailOf(userId)).minimumWagesUsed ?? []) {
      expect(text).toMatch(rowWith('Minimum wage used', m.jurisdiction, `${formatCents(m.centsPerHour)}/h`));
    }
    const sick = await sickLeaveBalance(t.db, userId, '2026-03-07');
    expect(text).toMatch(rowWith('Paid sick leave available', `${(sick.availableMinutes / 60).toFixed(2)} h (as of 2026-03-07)`));
    expect(text).toMatch(/Deductions \(taxes and withholdings\) and net pay are computed by the payroll processor/);
  });

  it('a piece-rate employee: each job with its reference, price, percentage and pay; rest and non-productive time with hours, rate and pay', async () => {
    const { userId, teamId } = await employee(2, 'percentage', 4_000, 'E-2002');
    const job = await newJob(t, { teamId, serviceDate: DAY, startTime: '09:00', flatRateCents: 30_000 });
    const [row] = await t.db
      .select({ reference: jobs.reference, price: jobs.subtotalCents })
      .from(jobs)
      .where(eq(jobs.id, job.id));
    await t.db.insert(timePunches).values([
      { userId, workDate: DAY, kind: 'shift', startsAt: at('08:00'), endsAt: at('15:00') },
      { userId, workDate: DAY, kind: 'meal', startsAt: at('12:00'), endsAt: at('12:30') },
      { userId, workDate: DAY, kind: 'job', jobId: job.id, startsAt: at('09:00'), endsAt: at('12:00') },
    ]);
    const detail = await detailOf(userId);
    const piece = detail.lines.find((l) => l.kind === 'piece')!;
    const rest = detail.lines.find((l) => l.kind === 'rest')!;
    const nonProductive = detail.lines.find((l) => l.kind === 'nonProductive')!;
    expect(piece.items![0]!.jobPriceCents).toBe(row!.price);
    const text = await statementText(userId, 'en');

    expect(text).toMatch(rowWith('Piece-rate work (by job)'));
    expect(text).toMatch(
      rowWith(
        DAY,
        row!.reference,
        formatCents(row!.price),
        '40%',
        (piece.items![0]!.minutes / 60).toFixed(2),
        formatCents(piece.cents),
      ),
    );
    expect(text).toMatch(
      rowWith(
        'Rest and recovery periods',
        (rest.minutes / 60).toFixed(2),
        formatCents(rest.rateCentsPerHour!),
        formatCents(rest.cents),
      ),
    );
    expect(text).toMatch(
      rowWith(
        'Other non-productive time',
        (nonProductive.minutes / 60).toFixed(2),
        formatCents(nonProductive.rateCentsPerHour!),
        formatCents(nonProductive.cents),
      ),
    );
    expect(text).toMatch(rowWith('Gross pay', formatCents(detail.grossCents)));
    expect(text).toMatch(rowWith('Employee number', 'E-2002'));
  });

  it('in Chinese: the same items in Chinese words', async () => {
    const { userId } = await employee(0, 'hourly', 2_000, 'E-1001');
    await t.db.insert(timePunches).values({ userId, workDate: DAY, kind: 'shift', startsAt: at('08:00'), endsAt: at('17:00') });
    const text = await statementText(userId, 'zh');
    for (const words of [
      '雇主',
      '雇主地址',
      '员工编号',
      '发薪周期（含首尾日）',
      '总工时',
      '适用的小时费率',
      '加班费率',
      '可用带薪病假',
      '实发工资',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toMatch(rowWith('员工编号', 'E-1001'));
  });
});
