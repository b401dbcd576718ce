import type { JobStatus, QuoteStatus } from '@tidyhouse/contract';

/**
 * Where each dashboard figure leads: the screen listing its rows, with the filters in the URL
 * (the Job List reads dateFrom, dateTo, statuses and teamId: service/jobs/jobFilters.ts; the quote
 * list dateFrom, dateTo and status: sales/pages/QuoteListPage.tsx).
 */
export function jobListLink(filters: {
  dateFrom: string;
  dateTo: string;
  statuses?: readonly JobStatus[];
  teamId?: number | null;
}) {
  const params = new URLSearchParams({ dateFrom: filters.dateFrom, dateTo: filters.dateTo });
  if (filters.statuses?.length) params.set('statuses', filters.statuses.join(','));
  if (filters.teamId !== undefined) params.set('teamId', String(filters.teamId ?? 0));
  return `/service/worklist?${params}`;
}

export const DASHBOARD_LINKS = {
  jobReminders: '/service/worklist',
  quotes: (dateFrom: string, dateTo: string, status?: QuoteStatus) =>
    `/sales/quotationlist?${new URLSearchParams({ dateFrom, dateTo, ...(status ? { status } : {}) })}`,
  cards: '/office/creditcardcollection',
  followUps: '/customer/connectrecord',
  leave: (today: string) => `/employee/dailyallocation?date=${today}`,
  outages: '/employee/teambuilding',
} as const;
