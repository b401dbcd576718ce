import { fireEvent, screen, within } from '@testing-library/react';
import type { BoardWeek, BoardWeekCell } from '@tidyhouse/contract';
import { describe, expect, it, vi } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { boardStrings } from './strings';
import { loadPercent, WeekBoard } from './WeekBoard';

// Rendered alone, outside the board screen that registers these.
registerStrings(strings);
registerStrings(boardStrings);

const DATES = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const empty = (date: string): BoardWeekCell => ({ date, jobs: 0, cleanMinutes: 0, revenueCents: 0, conflicts: 0, blocks: [] });

/** Team Sunshine: two jobs listed on Tuesday; Team Coral: a full Wednesday (9 jobs, 12 h on a 12 h day). */
const week: BoardWeek = {
  weekStart: DATES[0]!,
  dates: DATES,
  today: '2026-12-01',
  openingMinutes: 7 * 60,
  closingMinutes: 19 * 60,
  goals: { dailyCleanMinutesGoal: 360, dailyRevenueGoalCents: 60_000 },
  teams: [
    {
      id: 1,
      name: 'Team Sunshine',
      color: '#fadb14',
      textColor: '#000000',
      days: DATES.map((date) =>
        date === '2026-12-01'
          ? {
              date,
              jobs: 2,
              cleanMinutes: 180,
              revenueCents: 30_000,
              // A member on leave during J-2612-0028 (the one check's conflict, counted by the server).
              conflicts: 1,
              blocks: [
                {
                  id: 28,
                  reference: 'J-2612-0028',
                  status: 'scheduled',
                  startMinutes: 9 * 60,
                  durationMinutes: 120,
                  customerName: 'Rosa Diaz',
                  conflict: true,
                },
                {
                  id: 38,
                  reference: 'J-2612-0038',
                  status: 'completed',
                  startMinutes: 13 * 60 + 30,
                  durationMinutes: 60,
                  customerName: 'Ken Wu',
                  conflict: false,
                },
              ],
            }
          : empty(date),
      ),
    },
    {
      id: 2,
      name: 'Team Coral',
      color: '#ff7a45',
      textColor: '#ffffff',
      days: DATES.map((date) =>
        date === '2026-12-02'
          ? { date, jobs: 9, cleanMinutes: 720, revenueCents: 90_000, conflicts: 0, blocks: [] }
          : empty(date),
      ),
    },
  ],
  totals: DATES.map((date) =>
    date === '2026-12-01'
      ? { date, jobs: 2, cleanMinutes: 180, revenueCents: 30_000, conflicts: 1, blocks: [] }
      : date === '2026-12-02'
        ? { date, jobs: 9, cleanMinutes: 720, revenueCents: 90_000, conflicts: 0, blocks: [] }
        : empty(date),
  ),
};

describe('Schedule board: the week as a calendar', () => {
  it('lists a day’s jobs by time and customer, a full day as a count and a load bar, and opens days and jobs (English)', () => {
    setLocale('en');
    const onOpenDay = vi.fn();
    renderWithProviders(<WeekBoard week={week} onOpenDay={onOpenDay} />);
    const tuesday = screen.getByTestId('week-cell-1-2026-12-01');
    expect(within(tuesday).getByTestId('week-job-J-2612-0028').textContent).toContain('09:00 Rosa Diaz');
    expect(within(tuesday).getByTestId('week-job-J-2612-0038').textContent).toBe('13:30 Ken Wu');
    expect(within(tuesday).getByRole('button', { name: '09:00 Rosa Diaz (J-2612-0028) · Schedule conflict' })).toBeTruthy();
    // The day's conflicts: counted on the team's day and in the totals, the job in one marked.
    expect(within(tuesday).getByTestId('week-conflicts-1-2026-12-01').textContent).toBe('1 conflict');
    expect(within(tuesday).getByTestId('week-job-J-2612-0028').getAttribute('data-conflict')).toBe('true');
    expect(within(tuesday).getByTestId('week-job-J-2612-0038').getAttribute('data-conflict')).toBeNull();
    expect(screen.queryByTestId('week-conflicts-2-2026-12-02')).toBeNull();
    expect(screen.getByTestId('week-cell-total-2026-12-01').textContent).toContain('1 conflict');
    // A full day: no blocks, the count and how much of the business day is booked.
    const full = screen.getByTestId('week-cell-2-2026-12-02');
    expect(within(full).queryAllByRole('button')).toHaveLength(0);
    expect(within(full).getByText('9 jobs · Full day')).toBeTruthy();
    expect(screen.getByTestId('week-load-2-2026-12-02').getAttribute('title')).toBe('12 h of 12 h booked (100%)');
    // An empty day says so, and no cell is marked red for missing a goal.
    expect(within(screen.getByTestId('week-cell-2-2026-12-01')).getByText('No jobs')).toBeTruthy();
    expect(document.querySelector('.board-week-below')).toBeNull();
    expect(screen.getByTestId('week-cell-total-2026-12-02').textContent).toContain('9 jobs');

    fireEvent.click(within(tuesday).getByTestId('week-job-J-2612-0038'));
    expect(onOpenDay).toHaveBeenLastCalledWith('2026-12-01', 38);
    fireEvent.click(full);
    expect(onOpenDay).toHaveBeenLastCalledWith('2026-12-02');
    fireEvent.click(screen.getByRole('button', { name: 'Open the day view of 2026-12-05' }));
    expect(onOpenDay).toHaveBeenLastCalledWith('2026-12-05');
    expect(onOpenDay).toHaveBeenCalledTimes(3);
  });

  it('speaks Chinese', () => {
    setLocale('zh');
    renderWithProviders(<WeekBoard week={week} onOpenDay={() => undefined} />);
    expect(within(screen.getByTestId('week-cell-2-2026-12-02')).getByText('9 个工单 · 当天已满')).toBeTruthy();
    expect(within(screen.getByTestId('week-cell-2-2026-12-01')).getByText('没有工单')).toBeTruthy();
    expect(screen.getByText('全部团队')).toBeTruthy();
    expect(screen.getByRole('button', { name: '09:00 Rosa Diaz（J-2612-0028） · 排班冲突' })).toBeTruthy();
    expect(screen.getByTestId('week-conflicts-1-2026-12-01').textContent).toBe('1 个冲突');
  });

  it('measures the load against the business day, past 100% when overbooked', () => {
    expect(loadPercent(180, week)).toBe(25);
    expect(loadPercent(900, { openingMinutes: 8 * 60, closingMinutes: 18 * 60 })).toBe(150);
  });
});
