import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompletionBulkResult,
  CompletionConfirmRequest,
  CompletionList,
  StartOfDay,
  VerifyResult,
} from '@tidyhouse/contract';
import { getBlob, post } from '@/lib/http';

/** The office day's calls (issue 12), by name. */
export const OFFICE_DAY_PATHS = {
  startOfDay: '/officeDay/startOfDay',
  schedulePdf: '/derive/dayDerive',
  completionList: '/officeDay/completionList',
  confirmJob: '/officeDay/confirmJob',
  bulkConfirm: '/officeDay/bulkConfirm',
  verify: '/officeDay/verify',
  close: '/officeDay/close',
  reopen: '/officeDay/reopen',
} as const;

export const useStartOfDay = (date: string) =>
  useQuery({
    queryKey: ['officeDay', 'startOfDay', date],
    queryFn: () => post<StartOfDay>(OFFICE_DAY_PATHS.startOfDay, { date }),
    placeholderData: keepPreviousData,
  });

export const fetchSchedulePdf = (date: string) => getBlob(OFFICE_DAY_PATHS.schedulePdf, { date });

export const useCompletionList = (date: string) =>
  useQuery({
    queryKey: ['officeDay', 'completion', date],
    queryFn: () => post<CompletionList>(OFFICE_DAY_PATHS.completionList, { date }),
    placeholderData: keepPreviousData,
  });

/** Every office-day screen reads the same jobs: a change reloads them all. */
function useReloadDay() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['officeDay'] });
}

export function useConfirmJob() {
  const reload = useReloadDay();
  return useMutation({
    mutationFn: (body: CompletionConfirmRequest) =>
      post<{ cardQueueSerial: string | null; recleanReference: string | null }>(OFFICE_DAY_PATHS.confirmJob, body),
    onSettled: reload,
  });
}

export function useBulkConfirm() {
  const reload = useReloadDay();
  return useMutation({
    mutationFn: (body: { date: string; ids: number[]; apply: boolean }) =>
      post<CompletionBulkResult>(OFFICE_DAY_PATHS.bulkConfirm, body),
    onSettled: (_data, _error, body) => (body.apply ? reload() : undefined),
  });
}

export interface DayCounts {
  countedCashCents?: number;
  countedCheckCents?: number;
  differenceNote?: string;
}

export const useVerifyDay = (date: string, counts: DayCounts) =>
  useQuery({
    queryKey: ['officeDay', 'verify', date, counts],
    queryFn: () => post<VerifyResult>(OFFICE_DAY_PATHS.verify, { date, ...counts }),
    placeholderData: keepPreviousData,
  });

export function useCloseDay() {
  const reload = useReloadDay();
  return useMutation({
    mutationFn: (body: Required<DayCounts> & { date: string }) =>
      post<{ closedJobs: number; alreadyClosed: boolean }>(OFFICE_DAY_PATHS.close, body),
    onSettled: reload,
  });
}

export function useReopenDay() {
  const reload = useReloadDay();
  return useMutation({
    mutationFn: (body: { date: string; reason: string }) => post<{ reopenedJobs: number }>(OFFICE_DAY_PATHS.reopen, body),
    onSettled: reload,
  });
}

/** Job Completion: clear a job's field-app conflict once the office has looked at it (issue 21). */
export function useResolveFieldConflict() {
  const reload = useReloadDay();
  return useMutation({
    mutationFn: (body: { jobId: number }) => post<{ resolved: number }>('/field/resolveJobConflict', body),
    onSuccess: () => reload(),
  });
}

/** Start of Day: acknowledge one schedule conflict of the day (issue 20); the checklist reloads. */
export function useAcknowledgeConflict() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; key: string }) => post('/officeDay/acknowledgeConflict', body),
    onSuccess: (_data, body) => client.invalidateQueries({ queryKey: ['officeDay', 'startOfDay', body.date] }),
  });
}
