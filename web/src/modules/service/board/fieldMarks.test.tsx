import { screen, within } from '@testing-library/react';
import type { BoardDay, BoardJob, BoardTeam } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** The office's live view of the field (issue 21): each block's state from the crew, who is clocked in. */
const DATE = '2026-11-24';

const team: BoardTeam = {
  id: 1,
  name: 'Team Sunshine',
  color: '#fadb14',
  textColor: '#262626',
  defaultZoneId: null,
  members: [
    { userId: 10, name: 'Rosa Martinez', leader: true, clockedIn: true },
    { userId: 11, name: 'Ana Lopez', leader: false, clockedIn: false },
    { userId: 12, name: 'Hong Liu', leader: false, clockedIn: true },
  ],
  onLeave: [],
  outage: null,
  cleanMinutes: 360,
  revenueCents: 45_000,
};

const job = (n: number, start: number, fields: Pick<BoardJob, 'fieldState' | 'lateToArrive'> & Partial<BoardJob>): BoardJob => ({
  id: n,
  version: 1,
  reference: `J-2611-000${n}`,
  status: 'scheduled',
  teamId: 1,
  serviceDate: DATE,
  startMinutes: start,
  durationMinutes: 60,
  length: { personMinutes: 180, members: 3, wallMinutes: 60 },
  customerId: 100 + n,
  customerName: `Customer ${n}`,
  city: 'San Mateo',
  zip: '94401',
  zone: null,
  customerAtHome: false,
  keyNeeded: false,
  reclean: false,
  windowStartMinutes: start,
  windowEndMinutes: start + 120,
  preferredTeamId: null,
  revenueCents: 15_000,
  driveTenthMiles: null,
  driveMinutes: null,
  driveShort: false,
  fieldConflict: false,
  ...fields,
});

const day: BoardDay = {
  date: DATE,
  today: DATE,
  timeZone: 'America/Los_Angeles',
  openingMinutes: 7 * 60,
  closingMinutes: 19 * 60,
  slotMinutes: 15,
  goals: { dailyCleanMinutesGoal: 360, dailyRevenueGoalCents: 60_000 },
  stamp: 's1',
  teams: [
    team,
    { ...team, id: 2, name: 'Team Coral', members: [{ userId: 20, name: 'Jenny Zhao', leader: true, clockedIn: false }] },
  ],
  jobs: [
    job(1, 8 * 60, { fieldState: 'done', lateToArrive: false }),
    job(2, 10 * 60, { fieldState: 'inProgress', lateToArrive: false, fieldConflict: true }),
    job(3, 12 * 60, { fieldState: 'enRoute', lateToArrive: true }),
    job(4, 14 * 60, { fieldState: 'notStarted', lateToArrive: true }),
    job(5, 16 * 60, { fieldState: 'notStarted', lateToArrive: false }),
  ],
  tasks: [],
  unassigned: [],
  conflicts: [],
};

function render(locale: 'en' | 'zh') {
  setLocale(locale);
  saveSession('tok', userInfo());
  mockApi({
    '/getUserInfo': { data: userInfo() },
    '/sysParam/businessProfile': { data: businessProfile },
    '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: DATE } },
    '/jhSchedule/queryBoard': { data: day },
    '/jhSchedule/boardStamp': { data: { date: DATE, stamp: 's1' } },
  });
  renderApp(`/service/schedule?date=${DATE}`);
}

const block = (n: number) => screen.findByTestId(`job-J-2611-000${n}`, {}, { timeout: 60_000 });
const markOf = async (n: number) =>
  within(await block(n))
    .queryByTestId(`field-J-2611-000${n}`)
    ?.getAttribute('aria-label');

describe("Schedule board: the crews' state from the field app", () => {
  it('marks each block with what its crew reported, and the team label says who is clocked in (English)', async () => {
    render('en');
    expect((await block(1)).getAttribute('data-field-state')).toBe('done');
    expect(await markOf(1)).toBe('Done (crew)');
    expect(await markOf(2)).toBe('In progress (crew) · Field conflict: see the time card');
    expect(await markOf(3)).toBe('En route (crew) · Late to arrive');
    expect(await markOf(4)).toBe('Late to arrive');
    // Nothing reported and on time: no mark at all.
    expect(await markOf(5)).toBeUndefined();
    expect(screen.getByTestId('team-clocked-1').textContent).toBe('Clocked in: Rosa Martinez, Hong Liu');
    expect(screen.queryByTestId('team-clocked-2')).toBeNull();
  }, 150_000);

  it('in Chinese', async () => {
    render('zh');
    expect(await markOf(1)).toBe('已完成（班组）');
    expect(await markOf(3)).toBe('在途中（班组） · 未按时到达');
    expect(screen.getByTestId('team-clocked-1').textContent).toBe('已打卡：Rosa Martinez, Hong Liu');
  }, 150_000);
});
