import { useQuery } from '@tanstack/react-query';
import type { JobDetail } from '@tidyhouse/contract';
import { post } from '@/lib/http';
import { useInvalidate } from '../shared';

/** The job calls of the Job Detail, by name (one place to read which path does what). */
export const JOB_PATHS = {
  list: '/job/queryList',
  detail: '/job/detail',
  modify: '/job/modify',
  saveLines: '/job/saveLines',
  updateState: '/job/updateState',
  reclean: '/job/reclean',
  uploadImage: '/job/uploadImage',
  removeImage: '/job/removeImage',
  image: '/job/image',
  addReminder: '/job/addReminder',
  dueReminders: '/job/dueReminders',
  reminderDone: '/job/setReminderDone',
  removeReminder: '/job/removeReminder',
  addPayment: '/job/addPayment',
} as const;

export const jobDetailPath = (id: number) => `/service/workdeatil?id=${id}`;

export const jobDetailKey = (id: number) => ['job', 'detail', id] as const;

export function useJobDetail(id: number) {
  return useQuery({ queryKey: jobDetailKey(id), queryFn: () => post<JobDetail>(JOB_PATHS.detail, { id }) });
}

/**
 * After any change of a job: its detail and the job list (and the plan screens, whose visits follow
 * jobs, and the schedule board's day and week, so a change made in the board's job drawer shows at once).
 */
export function useJobChanged() {
  const invalidate = useInvalidate();
  return () =>
    invalidate(
      [JOB_PATHS.list, '/servicePlan/queryList'],
      [
        ['job', 'detail'],
        ['job', 'dueReminders'],
        ['servicePlan', 'detail'],
        ['jhSchedule', 'day'],
        ['jhSchedule', 'week'],
      ],
    );
}
