import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayLine, WageDetail, WageSummary } from '@tidyhouse/contract';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** Employee Wages Summary: the lines of pay from the server, the drill-down, empty and error states. */

const PERIOD = { start: '2026-11-15', end: '2026-11-21' };
const lines: PayLine[] = [
  { kind: 'regular', minutes: 2700, rateCentsPerHour: 2000, cents: 90_000 },
  { kind: 'overtime', minutes: 300, rateCentsPerHour: 1000, cents: 5_000 },
  { kind: 'mealPremium', minutes: 60, rateCentsPerHour: 2000, cents: 2_000 },
];
const summary: WageSummary = {
  period: PERIOD,
  rows: [
    {
      userId: 8,
      name: 'Rosa Martinez',
      payTypes: ['hourly'],
      workedMinutes: 2700,
      lines,
      grossCents: 97_000,
      approved: false,
      warnings: [{ code: 'noPayRate', workDate: '2026-11-16' }],
    },
    {
      userId: 9,
      name: 'Ana Lopez',
      payTypes: ['percentage'],
      workedMinutes: 600,
      lines: [{ kind: 'piece', minutes: 600, rateCentsPerHour: null, rateBasisPoints: 4000, cents: 31_050 }],
      grossCents: 31_050,
      approved: true,
      warnings: [],
    },
  ],
  totals: { workedMinutes: 3300, grossCents: 128_050 },
};
const detail: WageDetail = {
  ...summary.rows[0]!,
  lines: lines.map((line) =>
    line.kind === 'mealPremium'
      ? { ...line, items: [{ workDate: '2026-11-17', jobId: 41, jobReference: 'J2611-0041', minutes: 60, cents: 2_000 }] }
      : { ...line, items: [] },
  ),
  period: PERIOD,
  days: [
    {
      workDate: '2026-11-17',
      workedMinutes: 780,
      regularMinutes: 480,
      overtimeMinutes: 240,
      doubleTimeMinutes: 60,
      mealPremium: true,
      restPremium: false,
    },
  ],
  regularRates: [],
};

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
};

describe('Employee Wages Summary', () => {
  it('shows each line of pay and the gross, and drills into the days and jobs behind them (English)', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = mockApi({
      ...shell,
      '/jhSchedule/queryWage': { data: summary },
      '/wage/queryDetail': { data: detail },
    });
    renderApp('/employee/wages');
    expect(await screen.findByTestId('wage-period', {}, { timeout: 60_000 })).toHaveProperty(
      'textContent',
      'Pay period 2026-11-15 – 2026-11-21',
    );
    // No date picked yet: the server answers today's period.
    expect(api.callsTo('/jhSchedule/queryWage')[0]?.body).toEqual({});
    const rosa = screen.getByTestId('wage-open-8').closest('tr')!;
    expect(within(rosa as HTMLElement).getByText('Regular pay (all hours) $900.00')).toBeTruthy();
    expect(within(rosa as HTMLElement).getByText('Overtime premium (+½) $50.00')).toBeTruthy();
    expect(within(rosa as HTMLElement).getByText('Meal break premium $20.00')).toBeTruthy();
    expect(within(rosa as HTMLElement).getByText('Needs review')).toBeTruthy();
    expect(screen.getByTestId('wage-gross-8').textContent).toBe('$970.00');
    expect(screen.getByTestId('wage-gross-9').textContent).toBe('$310.50');
    expect(screen.getByText('Percentage of job price $310.50')).toBeTruthy();
    expect(screen.getByTestId('wage-total').textContent).toBe('$1,280.50');

    fireEvent.click(screen.getByTestId('wage-open-8'));
    const drawer = await screen.findByTestId('wage-detail', {}, { timeout: 30_000 });
    expect(api.callsTo('/wage/queryDetail')[0]?.body).toEqual({ userId: 8, date: '2026-11-15' });
    expect(within(drawer).getByTestId('wage-detail-gross').textContent).toBe('$970.00');
    expect(within(drawer).getByText('No pay rate on 2026-11-16: paid at the minimum wage.')).toBeTruthy();
    // Regular pay and the meal premium at the regular rate, the overtime premium at half of it.
    expect(within(drawer).getAllByText('$20.00 / h')).toHaveLength(2);
    expect(within(drawer).getByText('$10.00 / h')).toBeTruthy();
    // The day behind the figures: 13 h worked, 8 regular, 4 overtime, 1 double time, a meal premium.
    const dayRow = within(drawer).getByText('2026-11-17').closest('tr') as HTMLElement;
    expect(within(dayRow).getByText('13.00 h')).toBeTruthy();
    expect(within(dayRow).getByText('4.00 h')).toBeTruthy();
    expect(within(dayRow).getByText('1.00 h')).toBeTruthy();
    expect(within(dayRow).getByText('Meal break premium')).toBeTruthy();
    // Drill into the meal premium line: the job it was earned on.
    const premiumRow = within(drawer)
      .getAllByText('Meal break premium')
      .map((el) => el.closest('tr') as HTMLElement)
      .find((tr) => tr.querySelector('.ant-table-row-expand-icon'))!;
    fireEvent.click(premiumRow.querySelector('.ant-table-row-expand-icon')!);
    expect(await within(drawer).findByText('J2611-0041')).toBeTruthy();
  }, 150_000);

  it('downloads the CSV for the payroll processor of the period shown (English)', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    URL.createObjectURL = vi.fn(() => 'blob:payroll');
    URL.revokeObjectURL = vi.fn();
    const api = mockApi({
      ...shell,
      '/jhSchedule/queryWage': { data: summary },
      '/wage/payrollExport': () =>
        new Response(new Blob(['employee_no,employee\r\n']), {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="payroll.csv"' },
        }),
    });
    renderApp('/employee/wages');
    await screen.findByTestId('wage-period', {}, { timeout: 60_000 });
    fireEvent.click(screen.getByRole('button', { name: /CSV for the payroll processor/ }));
    await waitFor(() => expect(api.callsTo('/wage/payrollExport')).toHaveLength(1));
    expect(api.callsTo('/wage/payrollExport')[0]!.url).toContain('date=2026-11-15');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  }, 90_000);

  it('searches by name through a button that keeps the spec §5 click guard (English)', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = mockApi({ ...shell, '/jhSchedule/queryWage': { data: summary } });
    renderApp('/employee/wages');
    await screen.findByTestId('wage-period', {}, { timeout: 60_000 });
    fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'Rosa' } });
    const search = screen.getByRole('button', { name: 'Search' });
    fireEvent.click(search);
    fireEvent.click(search);
    await waitFor(() => expect(search.hasAttribute('disabled')).toBe(true));
    await waitFor(() =>
      expect(
        api.callsTo('/jhSchedule/queryWage').filter((call) => (call.body as { keyword?: string }).keyword === 'Rosa'),
      ).toHaveLength(1),
    );
  }, 90_000);

  it('says when nobody is paid in the period, and when the summary cannot be loaded, with a retry (Chinese)', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    mockApi({
      ...shell,
      '/jhSchedule/queryWage': { data: { ...summary, rows: [], totals: { workedMinutes: 0, grossCents: 0 } } },
    });
    const first = renderApp('/employee/wages');
    expect((await screen.findByTestId('wage-period', {}, { timeout: 60_000 })).textContent).toBe(
      '发薪周期 2026-11-15 – 2026-11-21',
    );
    expect(screen.getByText('本周期没有需要发放工资的员工。')).toBeTruthy();
    expect(screen.queryByTestId('wage-total')).toBeNull();
    first.unmount();

    let answers = 0;
    const api = mockApi({
      ...shell,
      '/jhSchedule/queryWage': () => (++answers === 1 ? { code: 50000, message: '' } : { data: summary }),
    });
    renderApp('/employee/wages');
    expect(await screen.findByText('无法加载该记录。', {}, { timeout: 60_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    await waitFor(() => expect(screen.getByTestId('wage-gross-8').textContent).toBe('$970.00'));
    expect(screen.getByText('正常工资（全部工时） $900.00')).toBeTruthy();
    expect(screen.queryByText('无法加载该记录。')).toBeNull();
    expect(api.callsTo('/jhSchedule/queryWage').length).toBe(2);
  }, 150_000);
});
