import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteOrderSuggestion, RouteStopView } from '@tidyhouse/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { SuggestOrderButton } from './RouteOrder';
import { boardStrings } from './strings';

/** The route order dialog of a team row (issue 20): current against suggested, the saving, Apply. */
registerStrings(boardStrings);
const DATE = '2026-12-02';
const TEAM = { id: 3, name: 'Sunshine' };

const stop = (id: number, reference: string, start: number, drive: number | null): RouteStopView => ({
  id,
  version: id + 1,
  reference,
  customerName: `Customer ${id}`,
  zip: '94107',
  startMinutes: start,
  durationMinutes: 60,
  windowStartMinutes: null,
  windowEndMinutes: null,
  driveMinutes: drive,
});
const A = stop(1, 'J-2612-0001', 480, 4);
const B = { ...stop(2, 'J-2612-0002', 600, 81), windowStartMinutes: 600, windowEndMinutes: 720 };
const C = stop(3, 'J-2612-0003', 780, 62);
const suggestion: RouteOrderSuggestion = {
  teamId: TEAM.id,
  teamName: TEAM.name,
  date: DATE,
  current: [A, B, C],
  suggested: [A, { ...C, startMinutes: 585, driveMinutes: 31 }, { ...B, startMinutes: 720, driveMinutes: 62 }],
  currentDriveMinutes: 147,
  suggestedDriveMinutes: 97,
  savingMinutes: 50,
  changed: true,
  exact: true,
};

const listed = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

afterEach(() => setLocale('en'));

describe('SuggestOrderButton', () => {
  it('shows the current and suggested order with the saving, and applies the suggestion with its versions', async () => {
    setLocale('en');
    const api = mockApi({
      '/jhSchedule/suggestOrder': { data: suggestion },
      '/jhSchedule/applyOrder': { data: { teamId: 3, date: DATE, jobs: [], driveMinutes: 97, savingMinutes: 50 } },
    });
    renderWithProviders(<SuggestOrderButton team={TEAM} date={DATE} />);
    fireEvent.click(screen.getByTestId('suggest-order-3'));
    await screen.findByTestId('route-suggested');
    expect(api.callsTo('/jhSchedule/suggestOrder')[0]!.body).toEqual({ teamId: 3, date: DATE });
    expect(listed('route-current')[1]).toContain('10:00–11:00 J-2612-0002');
    expect(listed('route-suggested')[1]).toContain('09:45–10:45 J-2612-0003');
    expect(listed('route-suggested')[1]).toContain('drive 31 min');
    expect(listed('route-current')[1]).toContain('arrival window 10:00–12:00');
    expect(screen.getByTestId('route-saving').textContent).toContain('50 min saved');
    fireEvent.click(screen.getByTestId('route-apply'));
    await waitFor(() => expect(api.callsTo('/jhSchedule/applyOrder')).toHaveLength(1));
    expect(api.callsTo('/jhSchedule/applyOrder')[0]!.body).toEqual({
      teamId: 3,
      date: DATE,
      jobs: [
        { id: 1, version: 2 },
        { id: 3, version: 4 },
        { id: 2, version: 3 },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('route-suggested')).toBeNull());
  });

  it('says in Chinese that the current order already drives least, and offers no Apply', async () => {
    setLocale('zh');
    mockApi({
      '/jhSchedule/suggestOrder': {
        data: { ...suggestion, suggested: suggestion.current, suggestedDriveMinutes: 147, savingMinutes: 0, changed: false },
      },
    });
    renderWithProviders(<SuggestOrderButton team={TEAM} date={DATE} />);
    fireEvent.click(screen.getByTestId('suggest-order-3'));
    await screen.findByTestId('route-suggested');
    const saving = screen.getByTestId('route-saving').textContent ?? '';
    expect(saving).toContain('车程已最短');
    expect(saving).not.toMatch(/service\.board|\{\{/);
    expect((screen.getByTestId('route-apply') as HTMLButtonElement).disabled).toBe(true);
  });
});
