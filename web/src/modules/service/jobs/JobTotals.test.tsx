import { screen } from '@testing-library/react';
import { COUNT_CAP, JOB_SEARCH_COUNT_CAP, type JobListResponse } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { registerStrings, setLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import { JobTotals } from './JobTotals';

registerStrings(strings);

const answer = (over: Partial<JobListResponse>): JobListResponse => ({
  list: [],
  total: 3,
  totalCapped: false,
  totals: { jobs: 3, inHomeMinutes: 390, revenueCents: 45_000 },
  ...over,
});

describe('the Job List totals', () => {
  it('show the filtered set’s count, hours and revenue', () => {
    setLocale('en');
    renderWithProviders(<JobTotals response={answer({})} />);
    const totals = screen.getByTestId('job-totals');
    expect(totals.textContent).toContain('6.5');
    expect(totals.textContent).toContain('$450.00');
    expect(screen.queryByTestId('job-totals-capped')).toBeNull();
  });

  it('show the cap the answer counted to: "1,000+" for a search, "10,000+" for another filter, and no sums', () => {
    setLocale('en');
    const { unmount } = renderWithProviders(
      <JobTotals response={answer({ total: JOB_SEARCH_COUNT_CAP, totalCapped: true, totals: null })} />,
    );
    expect(screen.getByTestId('job-totals').textContent).toContain('1,000+');
    expect(screen.getByTestId('job-totals-capped').textContent).toContain('up to 1,000 jobs');
    unmount();
    setLocale('zh');
    renderWithProviders(<JobTotals response={answer({ total: COUNT_CAP, totalCapped: true, totals: null })} />);
    expect(screen.getByTestId('job-totals').textContent).toContain('10,000+');
    expect(screen.getByTestId('job-totals-capped').textContent).toContain('超过 10,000 个工单');
  });
});
