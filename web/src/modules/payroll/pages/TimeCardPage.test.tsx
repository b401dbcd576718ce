import { screen, within } from '@testing-library/react';
import type { AttendanceDay, AttendanceResponse } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const totals = { worked: 780, job: 420, drive: 25, driveEstimated: 25, meal: 30, labor: [] };
const day: AttendanceDay = {
  userId: 8,
  workDate: '2026-11-20',
  punches: [
    {
      id: 5,
      version: 1,
      kind: 'shift',
      startTime: '07:00',
      endTime: '20:30',
      endsNextDay: false,
      start: 420,
      end: 1230,
      jobId: null,
      jobReference: null,
      laborTypeId: null,
      source: 'office',
      note: '',
      location: null,
      endLocation: null,
    },
  ],
  estimatedDrives: [{ start: 575, end: 600, startTime: '09:35', endTime: '10:00' }],
  missedRestBreaks: 0,
  note: '',
  flags: [
    { code: 'mealMissing', params: { meal: 2 } },
    { code: 'over12Hours', params: { minutes: 780 } },
  ],
  fieldConflicts: [],
  totals,
  teamJobs: [],
  periodApproved: false,
  dayClosed: false,
};
const attendance: AttendanceResponse = {
  from: '2026-11-20',
  to: '2026-11-20',
  today: '2026-11-24',
  period: { start: '2026-11-15', end: '2026-11-21' },
  employees: [{ userId: 8, name: 'Rosa Martinez', employeeNo: 'E0008', totals, flagCount: 2 }],
  days: [day],
  laborTypes: [],
  approvals: [],
};

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
  '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: '2026-11-24' } },
  '/customer/options': { data: { teams: [], employees: [{ id: 8, name: 'Rosa Martinez' }], zones: [], channels: [] } },
};

describe('Employee Time Card', () => {
  // Corrections and approval are exercised against the real server (e2e/tests/payroll-time-cards.test.ts).
  it("shows a day's cards with totals, estimated drive and flags, in English", async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = mockApi({ ...shell, '/jhSchedule/queryAttendance': { data: attendance } });
    renderApp('/employee/attendance?date=2026-11-20');
    const card = await screen.findByTestId('day-card-8-2026-11-20', {}, { timeout: 60_000 });
    expect(within(card).getByText('Meal break 2 missing')).toBeTruthy();
    expect(within(card).getByText('Day over 12 hours (13:00 worked)')).toBeTruthy();
    expect(within(card).getByText('Drive (board estimate)')).toBeTruthy();
    expect(within(card).getByTestId('worked').textContent).toBe('13:00');
    expect(screen.getByText('Pay period 2026-11-15 – 2026-11-21')).toBeTruthy();
    expect(api.callsTo('/jhSchedule/queryAttendance')[0]?.body).toEqual({ view: 'day', date: '2026-11-20' });
  }, 150_000);

  it('an approved card says who approved its period and when, why it cannot be changed, and offers no edits', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    mockApi({
      ...shell,
      '/jhSchedule/queryAttendance': {
        data: {
          ...attendance,
          days: [{ ...day, periodApproved: true }],
          approvals: [
            {
              userId: 8,
              status: 'approved',
              periodStart: '2026-11-15',
              periodEnd: '2026-11-21',
              approvedAt: '2026-11-22T18:05:00.000Z',
              approvedByName: 'Linda Chen',
            },
          ],
        },
      },
    });
    renderApp('/employee/attendance?date=2026-11-20');
    const locked = await screen.findByTestId('card-locked', {}, { timeout: 60_000 });
    // 18:05 UTC is 10:05 AM in the business time zone (America/Los_Angeles).
    expect(within(locked).getByText('Approved by Linda Chen on 11/22/2026 10:05 AM.')).toBeTruthy();
    expect(
      within(locked).getByText(
        'The pay period 2026-11-15 – 2026-11-21 is approved, so this card cannot be changed. To correct it, reopen the period (with a reason).',
      ),
    ).toBeTruthy();
    const card = screen.getByTestId('day-card-8-2026-11-20');
    expect(within(card).queryByRole('button', { name: 'Correct punch' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Add punch/ })).toBeNull();
  }, 150_000);

  it('says when nobody has a card, and when the cards cannot be loaded, in Chinese', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    mockApi({ ...shell, '/jhSchedule/queryAttendance': { data: { ...attendance, employees: [], days: [] } } });
    const first = renderApp('/employee/attendance?date=2026-11-20');
    expect((await screen.findAllByText('这一天没有人有考勤或工单。', {}, { timeout: 60_000 })).length).toBeGreaterThan(0);
    first.unmount();
    mockApi({ ...shell, '/jhSchedule/queryAttendance': { code: 50000, message: '' } });
    renderApp('/employee/attendance?date=2026-11-21');
    expect(await screen.findByText('考勤卡加载失败。', {}, { timeout: 60_000 })).toBeTruthy();
  }, 150_000);

  it('marks the punches made in the field app, with links to where the phone was, in Chinese (issue 21)', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    const office = day.punches[0]!;
    const field = {
      ...office,
      id: 6,
      kind: 'job' as const,
      startTime: '09:00',
      endTime: '10:30',
      start: 540,
      end: 630,
      source: 'field' as const,
      location: { lat: 37.5841, lng: -122.3661, accuracyM: 12.4 },
      endLocation: null,
    };
    mockApi({
      ...shell,
      '/jhSchedule/queryAttendance': {
        data: {
          ...attendance,
          days: [
            {
              ...day,
              punches: [office, field],
              fieldConflicts: [
                { kind: 'checkIn', at: '09:02', jobReference: 'J-2611-0042', message: '办公室已录入该时段的工单时间。' },
              ],
            },
          ],
        },
      },
    });
    renderApp('/employee/attendance?date=2026-11-20');
    const card = await screen.findByTestId('day-card-8-2026-11-20', {}, { timeout: 60_000 });
    // Only the field punch is marked; the office's own is not.
    const marks = within(card).getAllByTestId('punch-source-field');
    expect(marks.map((mark) => mark.textContent)).toEqual(['外勤端']);
    const link = within(card).getByTestId('punch-location');
    expect(link.getAttribute('href')).toBe(`https://maps.google.com/?q=${encodeURIComponent('37.5841,-122.3661')}`);
    expect(link.getAttribute('title')).toBe('打卡时手机所在位置（误差 12 米）：在地图中打开');
    expect(link.textContent).toContain('位置');
    expect(within(card).queryByTestId('punch-endLocation')).toBeNull();
    // An action the office's own change kept from applying: listed for the office, in words.
    expect(within(card).getByTestId('field-conflicts').textContent).toBe(
      ' 外勤 App 的操作未生效：09:02 到达签到（J-2611-0042）。办公室已录入该时段的工单时间。',
    );
  }, 150_000);
});
