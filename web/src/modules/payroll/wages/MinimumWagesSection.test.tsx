import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MinimumWage } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { MinimumWagesSection } from './MinimumWagesSection';

registerStrings(strings);

/** The minimum wages by jurisdiction in the wage settings (issue 24): listed with scope and tier, added per city. */
const rows: MinimumWage[] = [
  {
    id: 1,
    effectiveFrom: '2026-01-01',
    centsPerHour: 1690,
    scope: 'state',
    jurisdiction: 'California',
    places: [],
    minEmployees: 0,
  },
  {
    id: 2,
    effectiveFrom: '2026-01-01',
    centsPerHour: 1779,
    scope: 'city',
    jurisdiction: 'Hayward',
    places: [],
    minEmployees: 26,
  },
  {
    id: 3,
    effectiveFrom: '2026-01-01',
    centsPerHour: 1795,
    scope: 'county',
    jurisdiction: 'San Mateo County (unincorporated)',
    places: ['El Granada', 'Montara'],
    minEmployees: 0,
  },
];

describe('minimum wages by jurisdiction', () => {
  it('lists each rate with its jurisdiction, kind and employer size, and adds a city rate with its name (English)', async () => {
    setLocale('en');
    const api = mockApi({
      '/wage/queryMinimumWages': { data: rows },
      '/wage/addMinimumWage': { data: { ...rows[1], id: 9 } },
    });
    renderWithProviders(<MinimumWagesSection />);
    const table = await screen.findByTestId('minimum-wages', {}, { timeout: 30_000 });
    const hayward = (await within(table).findByText('Hayward')).closest('tr') as HTMLElement;
    expect(within(hayward).getByText('A city')).toBeTruthy();
    expect(within(hayward).getByText('26 employees or more')).toBeTruthy();
    expect(within(hayward).getByText('$17.79 / h')).toBeTruthy();
    expect(within(table).getByText('El Granada, Montara')).toBeTruthy();
    expect(within(table).getAllByText('Every employer')).toHaveLength(2);

    // The jurisdiction field appears for a city and is required.
    expect(screen.queryByLabelText('Jurisdiction')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Applies in'));
    fireEvent.click(await screen.findByTitle('A city'));
    const name = await screen.findByLabelText('Jurisdiction');
    fireEvent.change(screen.getByLabelText('Minimum wage'), { target: { value: '20.30' } });
    fireEvent.mouseDown(screen.getByLabelText('Effective from'));
    fireEvent.change(screen.getByLabelText('Effective from'), { target: { value: '2027-01-01' } });
    fireEvent.keyDown(screen.getByLabelText('Effective from'), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Set from this date' }));
    expect(await screen.findByText('jurisdiction (the city or county) is required')).toBeTruthy();
    expect(api.callsTo('/wage/addMinimumWage')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Mountain View' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set from this date' }));
    await waitFor(() => expect(api.callsTo('/wage/addMinimumWage')).toHaveLength(1));
    expect(api.callsTo('/wage/addMinimumWage')[0]!.body).toEqual({
      scope: 'city',
      jurisdiction: 'Mountain View',
      minEmployees: 0,
      effectiveFrom: '2027-01-01',
      centsPerHour: 2030,
    });
  }, 90_000);

  it('names the kinds and tiers in Chinese', async () => {
    setLocale('zh');
    mockApi({ '/wage/queryMinimumWages': { data: rows } });
    renderWithProviders(<MinimumWagesSection />);
    const table = await screen.findByTestId('minimum-wages', {}, { timeout: 30_000 });
    expect(await within(table).findByText('26 名员工及以上')).toBeTruthy();
    expect(within(table).getByText('县的非建制地区')).toBeTruthy();
    expect(within(table).getByText('全州')).toBeTruthy();
  }, 60_000);
});
