import { describe, expect, it } from 'vitest';
import { quoteFiltersFromSearch, quoteFiltersToRequest } from '../sales/pages/QuoteListPage';
import { jobFiltersFromSearch, jobFiltersToRequest } from '../service/jobs/jobFilters';
import { DASHBOARD_LINKS, jobListLink } from './links';

const requestOf = (link: string) => jobFiltersToRequest(jobFiltersFromSearch(new URL(link, 'http://x').searchParams));

describe('dashboard links into the Job List', () => {
  it('carry the dates, statuses and team the Job List then sends', () => {
    const link = jobListLink({ dateFrom: '2026-11-02', dateTo: '2026-11-08', statuses: ['scheduled', 'completed'], teamId: 7 });
    expect(link.startsWith('/service/worklist?')).toBe(true);
    expect(requestOf(link)).toEqual({
      dateFrom: '2026-11-02',
      dateTo: '2026-11-08',
      statuses: ['scheduled', 'completed'],
      teamId: 7,
    });
  });

  it('send jobs without a team as team 0, and no status filter for all jobs', () => {
    expect(requestOf(jobListLink({ dateFrom: '2026-11-02', dateTo: '2026-11-02', teamId: null }))).toEqual({
      dateFrom: '2026-11-02',
      dateTo: '2026-11-02',
      teamId: 0,
    });
  });

  it('leave out what is malformed in a hand-typed URL', () => {
    expect(requestOf('/service/worklist?dateFrom=yesterday&statuses=done,closed&teamId=-1')).toEqual({ statuses: ['closed'] });
  });
});

describe('dashboard links into the quote list', () => {
  it('carry the quote dates and the status the list then sends', () => {
    const link = DASHBOARD_LINKS.quotes('2026-11-01', '2026-11-30', 'sold');
    const request = quoteFiltersToRequest(quoteFiltersFromSearch(new URL(link, 'http://x').searchParams));
    expect(request).toMatchObject({ dateFrom: '2026-11-01', dateTo: '2026-11-30', status: 'sold' });
  });
});
