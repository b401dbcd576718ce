import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentDay, AssignmentStamp } from '@tidyhouse/contract';
import { useChangeStamp } from '@/lib/changeStamp';
import { showCausedConflicts } from '@/lib/conflicts';
import { post } from '@/lib/http';

/** The screen's calls, by name. */
export const ASSIGNMENT_PATHS = {
  day: '/jhSchedule/queryAssignments',
  update: '/jhSchedule/updateBoard',
  copy: '/jhSchedule/copyAssignments',
  stamp: '/jhSchedule/assignmentsStamp',
} as const;

export const assignmentDayKey = (date: string) => ['jhSchedule', 'assignments', date] as const;

export function useAssignmentDay(date: string) {
  return useQuery({
    queryKey: assignmentDayKey(date),
    queryFn: () => post<AssignmentDay>(ASSIGNMENT_PATHS.day, { serviceDate: date }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Polls the day's change stamp (assignments, standing teams, leave, outages); another scheduler's
 * change, or leave approved meanwhile, reloads the day without a page reload.
 */
export function useLiveAssignments(date: string, loadedStamp: string | undefined) {
  const client = useQueryClient();
  useChangeStamp({
    queryKey: ['jhSchedule', 'assignmentsStamp', date],
    fetchStamp: () => post<AssignmentStamp>(ASSIGNMENT_PATHS.stamp, { serviceDate: date }),
    loadedStamp,
    onChange: () => void client.invalidateQueries({ queryKey: assignmentDayKey(date) }, { cancelRefetch: false }),
  });
}

export type AssignmentChange =
  | { kind: 'move'; userId: number; teamId: number | null }
  | { kind: 'leader'; teamId: number; userId: number | null }
  | { kind: 'copy' };

/**
 * One change of the day with the version the screen read. The answer is the day as it now is; a
 * refused change (10009 after another scheduler's, an employee on leave) shows the server's message
 * and the day reloads. The schedule board of that date reloads too (its members changed).
 */
export function useAssignmentChange(date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AssignmentChange) => {
      const version = queryClient.getQueryData<AssignmentDay>(assignmentDayKey(date))?.version ?? 0;
      const serviceDate = date;
      if (change.kind === 'copy') return post<AssignmentDay>(ASSIGNMENT_PATHS.copy, { serviceDate, version });
      if (change.kind === 'move') {
        return post<AssignmentDay>(ASSIGNMENT_PATHS.update, {
          serviceDate,
          version,
          moves: [{ userId: change.userId, teamId: change.teamId }],
        });
      }
      return post<AssignmentDay>(ASSIGNMENT_PATHS.update, {
        serviceDate,
        version,
        leaders: [{ teamId: change.teamId, userId: change.userId }],
      });
    },
    onSuccess: (day) => {
      queryClient.setQueryData(assignmentDayKey(date), day);
      showCausedConflicts(day);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: assignmentDayKey(date) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['jhSchedule', 'day', date] }),
  });
}
