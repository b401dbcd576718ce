import { describe, expect, it } from 'vitest';
import { addDays } from '../dates';
import { SICK_LEAVE_RULES, sickLeaveDays, sickLeaveLedger } from './sick-leave';

/** 8 hours on each weekday from `from` to `to` (2026-01-05 is a Monday). */
function weekdays(from: string, to: string, minutes = 480) {
  const days: Array<{ date: string; minutes: number }> = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) days.push({ date, minutes });
  }
  return days;
}

describe('sick leave days', () => {
  it('counts the usual day for each day of an all-day leave', () => {
    expect(sickLeaveDays({ startDate: '2026-04-06', endDate: '2026-04-07', allDay: true })).toEqual([
      { date: '2026-04-06', minutes: 480 },
      { date: '2026-04-07', minutes: 480 },
    ]);
  });
  it('counts the time a part-day leave covers, at most the usual day', () => {
    expect(
      sickLeaveDays({ startDate: '2026-04-06', endDate: '2026-04-06', allDay: false, startTime: '13:00', endTime: '16:30' }),
    ).toEqual([{ date: '2026-04-06', minutes: 210 }]);
    expect(
      sickLeaveDays({ startDate: '2026-04-06', endDate: '2026-04-07', allDay: false, startTime: '12:00', endTime: '10:00' }),
    ).toEqual([
      { date: '2026-04-06', minutes: 480 },
      { date: '2026-04-07', minutes: 480 },
    ]);
  });
});

describe('sick leave ledger', () => {
  // The worked example of docs/business-rules.md "Paid sick leave".
  it('accrues 1 hour per 30 worked over a quarter and pays a sick day from the 90th day of employment', () => {
    const worked = weekdays('2026-01-05', '2026-04-03'); // 65 days × 8 h = 520 h
    const before = sickLeaveLedger({ method: 'accrual', hireDate: '2026-01-05', worked, requested: [], asOf: '2026-04-03' });
    expect(before.balance).toMatchObject({
      accruedMinutes: 1040,
      balanceMinutes: 1040,
      availableMinutes: 0,
      usableFrom: '2026-04-04',
    });
    const after = sickLeaveLedger({
      method: 'accrual',
      hireDate: '2026-01-05',
      worked,
      requested: [{ date: '2026-04-06', minutes: 480 }],
      asOf: '2026-04-06',
    });
    expect(after.uses).toEqual([{ date: '2026-04-06', requestedMinutes: 480, paidMinutes: 480 }]);
    expect(after.balance).toMatchObject({ accruedMinutes: 1040, usedMinutes: 480, balanceMinutes: 560, availableMinutes: 560 });
  });

  it('pays nothing before the 90th day of employment, and the balance stays', () => {
    const { uses, balance } = sickLeaveLedger({
      method: 'accrual',
      hireDate: '2026-01-05',
      worked: weekdays('2026-01-05', '2026-03-27'),
      requested: [{ date: '2026-03-30', minutes: 480 }],
      asOf: '2026-03-30',
    });
    expect(uses[0]!.paidMinutes).toBe(0);
    expect(balance.usedMinutes).toBe(0);
    expect(balance.balanceMinutes).toBe(960);
  });

  it('pays only what is banked: a day asked with 3 h banked pays 3 h', () => {
    const { uses } = sickLeaveLedger({
      method: 'accrual',
      hireDate: null,
      worked: [{ date: '2026-02-02', minutes: 90 * 60 }],
      requested: [{ date: '2026-02-03', minutes: 480 }],
      asOf: '2026-02-03',
    });
    expect(uses[0]!.paidMinutes).toBe(180);
  });

  it('caps use at 40 hours a year, and the balance at 80 hours; 80 hours carry over', () => {
    const worked = weekdays('2025-01-01', '2025-12-31', 12 * 60); // 261 days × 12 h: 104 h accrued, capped at 80
    const end2025 = sickLeaveLedger({ method: 'accrual', hireDate: null, worked, requested: [], asOf: '2025-12-31' });
    expect(end2025.balance.balanceMinutes).toBe(SICK_LEAVE_RULES.balanceCapMinutes);
    const requested = weekdays('2026-01-05', '2026-01-12').map((d) => ({ date: d.date, minutes: 480 })); // 6 days
    const { balance, uses } = sickLeaveLedger({ method: 'accrual', hireDate: null, worked, requested, asOf: '2026-01-12' });
    expect(balance.carriedOverMinutes).toBe(4800);
    expect(uses.map((u) => u.paidMinutes)).toEqual([480, 480, 480, 480, 480, 0]);
    expect(balance).toMatchObject({ usedMinutes: 2400, balanceMinutes: 2400, availableMinutes: 0 });
  });

  it('front-loads 40 hours on 1 January (or the hire date) without carry-over or accrual', () => {
    const hired = sickLeaveLedger({
      method: 'frontLoad',
      hireDate: '2025-06-02',
      worked: weekdays('2025-06-02', '2025-12-31'),
      requested: [],
      asOf: '2025-06-02',
    });
    expect(hired.balance).toMatchObject({ accruedMinutes: 2400, balanceMinutes: 2400, availableMinutes: 0 });
    const next = sickLeaveLedger({
      method: 'frontLoad',
      hireDate: '2025-06-02',
      worked: weekdays('2025-06-02', '2026-02-27'),
      requested: [{ date: '2026-02-02', minutes: 300 }],
      asOf: '2026-02-27',
    });
    expect(next.balance).toMatchObject({ carriedOverMinutes: 0, accruedMinutes: 2400, usedMinutes: 300, availableMinutes: 2100 });
  });
});
