import { useQuery } from '@tanstack/react-query';
import type { MinimumWage, PayrollSettings, WageDetail, WageSummary } from '@tidyhouse/contract';
import { post } from '@/lib/http';

/** Endpoints of wages (issue 11) and the queries the wage screen reads. */
export const WAGE_PATHS = {
  summary: '/jhSchedule/queryWage',
  detail: '/wage/queryDetail',
  export: '/wage/export',
  payrollExport: '/wage/payrollExport',
  statement: '/wage/statement',
  settings: '/wage/settings',
  updateSettings: '/wage/updateSettings',
  minimumWages: '/wage/queryMinimumWages',
  addMinimumWage: '/wage/addMinimumWage',
  removeMinimumWage: '/wage/removeMinimumWage',
} as const;

export const wageKeys = {
  all: ['wages'] as const,
  summary: (date: string, keyword: string) => ['wages', 'summary', date, keyword] as const,
  detail: (userId: number, date: string) => ['wages', 'detail', userId, date] as const,
  settings: ['wages', 'settings'] as const,
  minimumWages: ['wages', 'minimumWages'] as const,
};

export const useWageSummary = (date: string | null, keyword: string) =>
  useQuery({
    queryKey: wageKeys.summary(date ?? 'today', keyword),
    queryFn: () => post<WageSummary>(WAGE_PATHS.summary, { ...(date ? { date } : {}), ...(keyword ? { keyword } : {}) }),
    placeholderData: (previous) => previous,
  });

export const useWageDetail = (userId: number | null, date: string) =>
  useQuery({
    queryKey: wageKeys.detail(userId ?? 0, date),
    queryFn: () => post<WageDetail>(WAGE_PATHS.detail, { userId, date }),
    enabled: userId !== null,
  });

export const usePayrollSettings = () =>
  useQuery({ queryKey: wageKeys.settings, queryFn: () => post<PayrollSettings>(WAGE_PATHS.settings) });

export const useMinimumWages = () =>
  useQuery({ queryKey: wageKeys.minimumWages, queryFn: () => post<MinimumWage[]>(WAGE_PATHS.minimumWages) });
