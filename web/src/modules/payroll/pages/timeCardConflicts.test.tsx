import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttendanceDay, AttendanceResponse } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** The time card: the office clears a cleaner's field app conflicts of a day (issue 21, F5). */
const totals = { worked: 240, job: 180, drive: 0, driveEstimated: 0, meal: 0, labor: [] };
const day = (flagged: boolean): AttendanceDay => ({
  userId: 8,
  workDate: '2026-11-20',
  punches: [],
  estimatedDrives: [],
  missedRestBreaks: 0,
  note: '',
  flags: [],
  fieldConflicts: flagged
    ? [{ kind: 'clockOut', at: '11:30', jobReference: null, message: 'The office changed this the shift after you recorded it.' }]
    : [],
  totals,
  teamJobs: [],
  periodApproved: false,
  dayClosed: false,
});
const attendance = (flagged: boolean): AttendanceResponse => ({
  from: '2026-11-20',
  to: '2026-11-20',
  today: '2026-11-24',
  period: { start: '2026-11-15', end: '2026-11-21' },
  employees: [{ userId: 8, name: 'Rosa Martinez', employeeNo: 'E0008', totals, flagCount: 0 }],
  days: [day(flagged)],
  laborTypes: [],
  approvals: [],
});

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
  '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: '2026-11-24' } },
  '/customer/options': { data: { teams: [], employees: [{ id: 8, name: 'Rosa Martinez' }], zones: [], channels: [] } },
};

function server() {
  let flagged = true;
  return mockApi({
    ...shell,
    '/jhSchedule/queryAttendance': () => ({ data: attendance(flagged) }),
    '/field/resolveCardConflicts': () => {
      flagged = false;
      return { data: { resolved: 1 } };
    },
  });
}

describe('Employee Time Card: field app conflicts', () => {
  it('asks first, sends the cleaner and the day, and the conflicts leave the card (English)', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = server();
    renderApp('/employee/attendance?date=2026-11-20');
    const card = await screen.findByTestId('day-card-8-2026-11-20', {}, { timeout: 60_000 });
    expect(within(card).getByTestId('field-conflicts').textContent).toContain(
      'Not applied from the field app: clock out at 11:30',
    );
    const resolve = within(card).getByTestId('resolve-field-conflicts');
    expect(resolve.textContent).toBe('Mark resolved');
    fireEvent.click(resolve);
    expect(
      await screen.findByText(
        'Clear the field app conflicts of Rosa Martinez on 2026-11-20? Do so once you have looked at them.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('/field/resolveCardConflicts')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('field-conflicts')).toBeNull(), { timeout: 10_000 });
    expect(api.callsTo('/field/resolveCardConflicts').map((c) => c.body)).toEqual([{ userId: 8, date: '2026-11-20' }]);
    expect(screen.queryByTestId('resolve-field-conflicts')).toBeNull();
  }, 150_000);

  it('in Chinese', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    server();
    renderApp('/employee/attendance?date=2026-11-20');
    const card = await screen.findByTestId('day-card-8-2026-11-20', {}, { timeout: 60_000 });
    const resolve = within(card).getByTestId('resolve-field-conflicts');
    expect(resolve.textContent).toBe('标记为已处理');
    fireEvent.click(resolve);
    expect(await screen.findByText('清除 Rosa Martinez 在 2026-11-20 的外勤 App 冲突？请先核对后再清除。')).toBeTruthy();
  }, 150_000);
});
