import { JOB_STATUSES, type JobListRequest, type JobStatus, type ServiceFrequency } from '@tidyhouse/contract';
import dayjs, { type Dayjs } from 'dayjs';
import type { QueryParams } from '@/lib/http';

/** The Job List's search form. */
export interface JobFilters {
  keyword?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  statuses?: JobStatus[];
  /** 0: jobs without a team. */
  teamId?: number | null;
  zoneId?: number | null;
  frequency?: ServiceFrequency | null;
  /** Only jobs in a schedule conflict (issue 20). */
  hasConflict?: boolean;
}

type Filters = Omit<JobListRequest, 'pageNum' | 'pageSize' | 'sort'>;

/** Search form values → /job/queryList filters (dates as business dates, nothing empty sent). */
export function jobFiltersToRequest({ keyword, dates, statuses, teamId, zoneId, frequency, hasConflict }: JobFilters): Filters {
  const request: Filters = {};
  if (keyword?.trim()) request.keyword = keyword.trim();
  if (dates?.[0]) request.dateFrom = dates[0].format('YYYY-MM-DD');
  if (dates?.[1]) request.dateTo = dates[1].format('YYYY-MM-DD');
  if (statuses && statuses.length > 0) request.statuses = statuses;
  if (teamId !== undefined && teamId !== null) request.teamId = teamId;
  if (zoneId) request.zoneId = zoneId;
  if (frequency) request.frequency = frequency;
  if (hasConflict) request.hasConflict = true;
  return request;
}

/** The same filters as the export's query parameters (statuses comma-separated). */
export function jobFiltersToExport(filters: JobFilters, sortOrder?: 'ascend' | 'descend'): QueryParams {
  // The export has no conflict filter: it takes the other filters of the list.
  const { statuses, hasConflict: _conflicts, ...rest } = jobFiltersToRequest(filters);
  return { ...rest, statuses: statuses?.join(','), sortOrder };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters a link carries in the URL (the dashboard's figures): dateFrom, dateTo, statuses
 * (comma-separated) and teamId (0: no team). Anything malformed is left out.
 */
export function jobFiltersFromSearch(params: URLSearchParams): JobFilters {
  const filters: JobFilters = {};
  const from = params.get('dateFrom');
  const to = params.get('dateTo');
  const date = (value: string | null) => (value && ISO_DATE.test(value) && dayjs(value).isValid() ? dayjs(value) : null);
  if (date(from) || date(to)) filters.dates = [date(from), date(to)];
  const statuses = (params.get('statuses') ?? '')
    .split(',')
    .filter((s): s is JobStatus => (JOB_STATUSES as readonly string[]).includes(s));
  if (statuses.length > 0) filters.statuses = statuses;
  const team = params.get('teamId');
  if (team !== null && /^\d{1,9}$/.test(team)) filters.teamId = Number(team);
  return filters;
}
