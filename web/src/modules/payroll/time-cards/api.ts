import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttendanceQuery,
  AttendanceResponse,
  CustomerOptions,
  ListResponse,
  MealWaiverList,
  TimeCardFlagRow,
} from '@tidyhouse/contract';
import { post } from '@/lib/http';

/** The screen's calls, by name (spec: /jhSchedule/queryAttendance; punches under /timeCard). */
export const TIME_CARD_PATHS = {
  attendance: '/jhSchedule/queryAttendance',
  flags: '/timeCard/queryFlags',
  addPunch: '/timeCard/addPunch',
  updatePunch: '/timeCard/updatePunch',
  removePunch: '/timeCard/removePunch',
  updateDay: '/timeCard/updateDay',
  approve: '/timeCard/approvePeriod',
  reopen: '/timeCard/reopenPeriod',
  mealWaivers: '/timeCard/queryMealWaivers',
  addMealWaiver: '/timeCard/addMealWaiver',
  revokeMealWaiver: '/timeCard/revokeMealWaiver',
  /** The office clears a cleaner's field-app conflicts of a day (issue 21). */
  resolveFieldConflicts: '/field/resolveCardConflicts',
} as const;

const ROOT = ['timeCard'] as const;

export function useAttendance(query: AttendanceQuery | null) {
  return useQuery({
    queryKey: [...ROOT, 'attendance', query],
    queryFn: () => post<AttendanceResponse>(TIME_CARD_PATHS.attendance, query),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useFlags(range: { from: string; to: string; userId?: number; pageNum: number; pageSize: number } | null) {
  return useQuery({
    queryKey: [...ROOT, 'flags', range],
    queryFn: () => post<ListResponse<TimeCardFlagRow>>(TIME_CARD_PATHS.flags, range),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** An employee's meal waivers (in force and revoked). */
export function useMealWaivers(userId: number) {
  return useQuery({
    queryKey: [...ROOT, 'mealWaivers', userId],
    queryFn: () => post<MealWaiverList>(TIME_CARD_PATHS.mealWaivers, { userId }),
  });
}

/** Employees for the week view's picker (the option list any screen may read). */
export function useEmployeeOptions() {
  return useQuery({ queryKey: ['customer', 'options'], queryFn: () => post<CustomerOptions>('/customer/options') });
}

/** A time-card write; every view and the flags list reload after it (refusals show the server's message). */
export function useTimeCardWrite<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<unknown>(path, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROOT }),
  });
}
