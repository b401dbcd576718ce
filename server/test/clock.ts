import { businessClock } from '../src/platform/business-date';

/**
 * Runs `work` with the business "today" set to `date` (noon in California), then puts the clock
 * back: the tests that confirm jobs on days of their own, in the future, confirm them on that day
 * (a job is completed only once its day has come).
 */
export async function onBusinessDay<T>(date: string, work: () => Promise<T>): Promise<T> {
  const real = businessClock.now;
  businessClock.now = () => new Date(`${date}T20:00:00Z`);
  try {
    return await work();
  } finally {
    businessClock.now = real;
  }
}
