import { screen } from '@testing-library/react';
import type { PlanChangePreview } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { PreviewView } from './PlanChangeModal';

const preview: PlanChangePreview = {
  planId: 3,
  fromDate: '2026-12-01',
  horizonEnd: '2027-02-23',
  add: [],
  move: [],
  reprice: [
    {
      jobId: 40,
      reference: 'J-2612-0040',
      date: '2026-12-01',
      fromPriceCents: 16_000,
      toPriceCents: 17_500,
      changes: ['startTime', 'team', 'price'],
      diffs: [
        { field: 'startTime', from: '09:00', to: '10:00' },
        { field: 'team', from: 'Team Sunshine', to: 'Team Coral' },
        { field: 'price', from: 16_000, to: 17_500 },
        { field: 'window', from: null, to: '10:00–12:00' },
      ],
    },
  ],
  cancel: [],
  kept: [],
  unchanged: 0,
};

const textOf = async () => {
  const row = await screen.findByTestId('plan-preview-update-J-2612-0040', {}, { timeout: 30_000 });
  return [...row.querySelectorAll('[data-diff]')].map((el) => el.textContent);
};

describe('a plan change preview', () => {
  it('lists each job update as what moves, from and to: time, team, price, window', async () => {
    setLocale('en');
    registerStrings(strings);
    renderWithProviders(<PreviewView preview={preview} />);
    (await screen.findByText('To update (1)', {}, { timeout: 30_000 })).click();
    expect(await textOf()).toEqual([
      'Time09:00 → 10:00',
      'TeamTeam Sunshine → Team Coral',
      'Price$160.00 → $175.00',
      'Arrival windownone → 10:00–12:00',
    ]);
  }, 60_000);

  it('in Chinese too', async () => {
    setLocale('zh');
    registerStrings(strings);
    renderWithProviders(<PreviewView preview={preview} />);
    (await screen.findByText('待更新 (1)', {}, { timeout: 30_000 })).click();
    const texts = await textOf();
    expect(texts[0]).toBe('时间09:00 → 10:00');
    expect(texts[3]).toBe('到达时间窗无 → 10:00–12:00');
  }, 60_000);
});
