import { fireEvent, screen, within } from '@testing-library/react';
import type { WageDetail } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { WageDetailDrawer } from './WageDetailDrawer';

registerStrings(strings);

/**
 * The drill-down (issue 24 item 8): the piece line shows each job's price beside its pay, and each
 * workweek's regular rate with how it was found and the overtime and double-time rates it gives.
 */
const detail: WageDetail = {
  userId: 9,
  name: 'Ana Lopez',
  payTypes: ['percentage'],
  workedMinutes: 1_080,
  lines: [
    {
      kind: 'piece',
      minutes: 900,
      rateCentsPerHour: null,
      rateBasisPoints: 4_000,
      cents: 38_000,
      items: [
        { workDate: '2026-11-16', jobId: 41, jobReference: 'J-2611-0041', jobPriceCents: 45_000, minutes: 480, cents: 18_000 },
        { workDate: '2026-11-17', jobId: 42, jobReference: 'J-2611-0042', jobPriceCents: 50_000, minutes: 420, cents: 20_000 },
      ],
    },
    { kind: 'rest', minutes: 60, rateCentsPerHour: 2_222, cents: 2_222, items: [] },
    { kind: 'overtime', minutes: 120, rateCentsPerHour: 1_111, cents: 2_222, items: [] },
  ],
  grossCents: 42_444,
  approved: false,
  warnings: [],
  period: { start: '2026-11-15', end: '2026-11-21' },
  days: [],
  minimumWagesUsed: [],
  regularRates: [
    {
      weekStart: '2026-11-15',
      straightCents: 40_000,
      workedMinutes: 1_080,
      floorCents: 18_252,
      floorApplied: false,
      centsPerHour: 2_222,
      overtimeCentsPerHour: 3_333,
      doubleTimeCentsPerHour: 4_444,
      overtimeMinutes: 120,
      doubleTimeMinutes: 60,
    },
  ],
};

const openPieceLine = async () => {
  const drawer = await screen.findByTestId('wage-detail', {}, { timeout: 30_000 });
  const row = within(drawer)
    .getAllByText(/Percentage of job price|工单价格提成/)
    .map((el) => el.closest('tr') as HTMLElement)
    .find((tr) => tr.querySelector('.ant-table-row-expand-icon'))!;
  fireEvent.click(row.querySelector('.ant-table-row-expand-icon')!);
  return drawer;
};

describe('wage detail drawer', () => {
  it("shows each job's price beside its piece pay and derives the regular, overtime and double-time rates (English)", async () => {
    setLocale('en');
    mockApi({ '/wage/queryDetail': { data: detail } });
    renderWithProviders(<WageDetailDrawer userId={9} date="2026-11-15" onClose={() => {}} />);
    const drawer = await openPieceLine();
    const job = (await within(drawer).findByText('J-2611-0041')).closest('tr') as HTMLElement;
    expect(within(job).getByText('$450.00')).toBeTruthy();
    expect(within(job).getByText('$180.00')).toBeTruthy();
    const header = within(drawer).getByText('Job price').closest('tr') as HTMLElement;
    expect(within(header).getByText('Amount')).toBeTruthy();

    const rates = within(drawer).getByTestId('wage-regular-rates');
    expect(rates.textContent).toContain('Workweek of 2026-11-15');
    expect(rates.textContent).toContain('Regular rate $22.22 = straight pay $400.00 ÷ 18.00 h');
    expect(rates.textContent).toContain('Overtime rate 1.5 × $22.22 = $33.33 (2.00 h');
    expect(rates.textContent).toContain('Double-time rate 2 × $22.22 = $44.44 (1.00 h');
  }, 60_000);

  it('says when the minimum wage set the regular rate, and reads in Chinese', async () => {
    setLocale('zh');
    const week = {
      ...detail.regularRates[0]!,
      straightCents: 15_000,
      floorApplied: true,
      centsPerHour: 1_690,
      floorCents: 30_420,
    };
    mockApi({
      '/wage/queryDetail': { data: { ...detail, regularRates: [{ ...week, overtimeMinutes: 0, doubleTimeMinutes: 0 }] } },
    });
    renderWithProviders(<WageDetailDrawer userId={9} date="2026-11-15" onClose={() => {}} />);
    const drawer = await openPieceLine();
    expect(await within(drawer).findByText('工单价格')).toBeTruthy();
    const rates = within(drawer).getByTestId('wage-regular-rates');
    expect(rates.textContent).toContain('2026-11-15 起的工作周');
    expect(rates.textContent).toContain('常规费率 $16.90 = 本周最低工资 $304.20 ÷ 18.00 小时（正常工资 $150.00 较低）');
    expect(rates.textContent).not.toContain('加班费率 1.5');
  }, 60_000);

  it('shows no derivation when the answer has none (a caller without the pay key)', async () => {
    setLocale('en');
    mockApi({ '/wage/queryDetail': { data: { ...detail, regularRates: [] } } });
    renderWithProviders(<WageDetailDrawer userId={9} date="2026-11-15" onClose={() => {}} />);
    await screen.findByTestId('wage-detail', {}, { timeout: 30_000 });
    expect(screen.queryByTestId('wage-regular-rates')).toBeNull();
  }, 60_000);
});
