import { screen, within } from '@testing-library/react';
import type { CompletionJob, CompletionList, StartOfDay } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** The office day's screens show what the crews reported from the field app (issue 21). */
const DATE = '2026-11-27';

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
  '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: DATE } },
};

const job = (id: number, over: Partial<CompletionJob>): CompletionJob => ({
  id,
  version: 1,
  reference: `J-2611-01${id}`,
  status: 'scheduled',
  team: { id: 1, name: 'Team Sunshine' },
  customer: { id: 5, name: `Customer ${id}` },
  address: '12 Palm Ave, San Mateo',
  startTime: '09:00',
  durationMinutes: 60,
  plannedMinutes: 180,
  actualMinutes: null,
  punchedMinutes: null,
  tipCents: 0,
  invoiceTotalCents: 15_000,
  paidCents: 0,
  hasSavedCard: false,
  cardQueued: false,
  uncompletedReason: '',
  fieldState: 'notStarted',
  reportedDoneAt: null,
  fieldNote: '',
  fieldConflict: false,
  ...over,
});

const completion: CompletionList = {
  date: DATE,
  dayStatus: 'open',
  list: [
    job(1, {
      fieldState: 'done',
      // 17:40 UTC is 9:40 AM in the business time zone.
      reportedDoneAt: '2026-11-27T17:40:00.000Z',
      punchedMinutes: 170,
      fieldNote: 'Back door sticks',
    }),
    job(2, { fieldState: 'inProgress', fieldConflict: true }),
    job(3, {}),
  ],
};

const startOfDay: StartOfDay = {
  date: DATE,
  dayStatus: 'open',
  jobCount: 3,
  teamCount: 1,
  ready: false,
  items: [
    {
      key: 'notClockedIn',
      ok: false,
      count: 1,
      rows: [{ label: 'Ana Lopez (Team Sunshine, first window 08:00)', link: `/employee/attendance?date=${DATE}` }],
    },
  ],
};

describe('Job Completion: what the crew reported', () => {
  it('marks a job the crew reported done (with when), a field conflict and the crew note, in English', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    mockApi({ ...shell, '/officeDay/completionList': { data: completion } });
    renderApp(`/office/completionconfirmat?date=${DATE}`);
    const done = await screen.findByTestId('reported-J-2611-011', {}, { timeout: 60_000 });
    expect(done.textContent).toBe('Done (crew)');
    expect(done.getAttribute('title')).toBe('The crew reported it done in the field app at 11/27/2026 9:40 AM; confirm it here.');
    const row = done.closest('tr') as HTMLElement;
    expect(within(row).getByText('Crew note: Back door sticks')).toBeTruthy();
    // Reported, not confirmed: the office still confirms it.
    expect(within(row).getByTestId('confirm-J-2611-011')).toBeTruthy();
    expect(screen.getByTestId('field-conflict-J-2611-012').textContent).toBe('Field conflict');
    expect(screen.queryByTestId('reported-J-2611-012')).toBeNull();
    expect(screen.queryByTestId('reported-J-2611-013')).toBeNull();
  }, 150_000);

  it('in Chinese', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    mockApi({ ...shell, '/officeDay/completionList': { data: completion } });
    renderApp(`/office/completionconfirmat?date=${DATE}`);
    expect((await screen.findByTestId('reported-J-2611-011', {}, { timeout: 60_000 })).textContent).toBe('已完成（班组）');
    expect(screen.getByText('班组备注：Back door sticks')).toBeTruthy();
    expect(screen.getByTestId('field-conflict-J-2611-012').textContent).toBe('外勤冲突');
  }, 150_000);
});

describe("Start of Day: who has not clocked in by their first job's window", () => {
  it('names the item and lists the server rows, in both languages', async () => {
    for (const [locale, title] of [
      ['en', "Everyone on a crew has clocked in by their first job's window"],
      ['zh', '各班组成员均已在当天首个工单的到达时段开始前打卡上班'],
    ] as const) {
      setLocale(locale);
      saveSession('tok', userInfo());
      mockApi({ ...shell, '/officeDay/startOfDay': { data: startOfDay } });
      const view = renderApp(`/office/dailyschedule?date=${DATE}`);
      const item = await screen.findByTestId('check-notClockedIn', {}, { timeout: 60_000 });
      expect(within(item).getByText(title)).toBeTruthy();
      expect(within(item).getByText('Ana Lopez (Team Sunshine, first window 08:00)').closest('a')?.getAttribute('href')).toBe(
        `/employee/attendance?date=${DATE}`,
      );
      expect(item.getAttribute('data-ok')).toBe('false');
      view.unmount();
    }
  }, 150_000);
});
