import { keepPreviousData, replaceEqualDeep, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardDay, BoardJob, BoardMoveResult, BoardStamp, BoardWeek } from '@tidyhouse/contract';
import { useChangeStamp } from '@/lib/changeStamp';
import { post } from '@/lib/http';

/** The board's calls, by name. */
export const BOARD_PATHS = {
  day: '/jhSchedule/queryBoard',
  week: '/jhSchedule/queryWeek',
  stamp: '/jhSchedule/boardStamp',
  move: '/jhSchedule/moveJob',
  unassign: '/jhSchedule/unassignJob',
  resize: '/jhSchedule/resizeJob',
} as const;

export const boardDayKey = (date: string) => ['jhSchedule', 'day', date] as const;
export const boardWeekKey = (date: string) => ['jhSchedule', 'week', date] as const;

export function useBoardDay(date: string) {
  return useQuery({
    queryKey: boardDayKey(date),
    queryFn: () => post<BoardDay>(BOARD_PATHS.day, { date }),
    placeholderData: keepPreviousData,
    structuralSharing: (before, after) => keepJobsById(before as BoardDay | undefined, after as BoardDay),
  });
}

/**
 * The reloaded day with every unchanged job kept as the same object, matched by id. The query's own
 * sharing compares lists by position: after a move the jobs after the moved one sit one place off,
 * so all of them came back as new objects and all 300 blocks re-rendered on each drop.
 */
export function keepJobsById(before: BoardDay | undefined, after: BoardDay): BoardDay {
  const shared = replaceEqualDeep(before, after);
  if (!before || shared === before) return shared;
  const known = new Map<number, BoardJob>([...before.jobs, ...before.unassigned].map((job) => [job.id, job]));
  const keep = (jobs: BoardJob[]) => {
    const kept = jobs.map((job) => (known.has(job.id) ? replaceEqualDeep(known.get(job.id), job) : job));
    return kept.every((job, i) => job === jobs[i]) ? jobs : kept;
  };
  return { ...shared, jobs: keep(shared.jobs), unassigned: keep(shared.unassigned) };
}

export function useBoardWeek(date: string) {
  return useQuery({
    queryKey: boardWeekKey(date),
    queryFn: () => post<BoardWeek>(BOARD_PATHS.week, { date }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Polls the date's change stamp; when it differs from the loaded board's, the board (and the week
 * views) reload. A poll costs one tiny query; the board itself reloads only after a change.
 */
export function useLiveBoard(date: string, loadedStamp: string | undefined) {
  const client = useQueryClient();
  useChangeStamp({
    queryKey: ['jhSchedule', 'stamp', date],
    fetchStamp: () => post<BoardStamp>(BOARD_PATHS.stamp, { date }),
    loadedStamp,
    onChange: () => {
      // A reload already under way (after this screen's own change) is kept, not started again.
      void client.invalidateQueries({ queryKey: boardDayKey(date) }, { cancelRefetch: false });
      void client.invalidateQueries({ queryKey: ['jhSchedule', 'week'] });
      // An open job drawer follows the other schedulers' changes too.
      void client.invalidateQueries({ queryKey: ['job', 'detail'] });
    },
  });
}

export type BoardChange =
  | { kind: 'move'; id: number; version: number; teamId: number; date: string; startTime: string }
  | { kind: 'unassign'; id: number; version: number }
  | { kind: 'resize'; id: number; version: number; durationMinutes: number };

const pathOf: Record<BoardChange['kind'], string> = {
  move: BOARD_PATHS.move,
  unassign: BOARD_PATHS.unassign,
  resize: BOARD_PATHS.resize,
};

/**
 * One board change, shown at once (the cached day is updated before the server answers) and put back
 * if the server refuses it: the http client shows the server's message, the block snaps back.
 */
export function useBoardChange(date: string, optimistic: (day: BoardDay, change: BoardChange) => BoardDay) {
  const client = useQueryClient();
  const key = boardDayKey(date);
  return useMutation({
    mutationFn: ({ kind, ...body }: BoardChange) => post<BoardMoveResult>(pathOf[kind], body),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<BoardDay>(key);
      if (previous) client.setQueryData(key, optimistic(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: (_result, _error, change) => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['jhSchedule', 'week'] });
      void client.invalidateQueries({ queryKey: ['job', 'detail', change.id] });
      // Not the stamp: its next poll sees the new stamp the reloaded day already carries (no reload).
    },
  });
}
