import type { Locale, ScheduleConflictNotice } from '@tidyhouse/contract';
import { businessToday } from '../../../platform/business-date';
import type { Db } from '../../../platform/database';
import { withConflicts } from '../conflicts/conflicts.query';
import { horizonEndOf } from './recurrence';

/**
 * A plan write with the conflicts it caused (issue 20): generation never refuses a double booking,
 * it saves and the answer lists it. The days a plan write can touch run from today to the horizon
 * (and to a visit moved beyond it).
 */
export async function planWriteWithConflicts<T>(
  tx: Db,
  locale: Locale,
  context: { horizonWeeks: number },
  write: () => Promise<T>,
  beyond?: string,
) {
  const today = await businessToday(tx);
  const horizon = horizonEndOf(today, context.horizonWeeks);
  return withConflicts(tx, locale, { from: today, to: beyond && beyond > horizon ? beyond : horizon }, write);
}

const ROLLED_BACK = Symbol('preview rolled back');

/**
 * The conflicts a plan change would cause, for its preview: the change is applied in a savepoint,
 * its conflicts read, and everything rolled back (nothing is written, not even the log).
 */
export async function conflictsOfChange(
  tx: Db,
  locale: Locale,
  context: { horizonWeeks: number },
  apply: (savepoint: Db) => Promise<unknown>,
): Promise<ScheduleConflictNotice[]> {
  let caused: ScheduleConflictNotice[] = [];
  try {
    await tx.transaction(async (savepoint) => {
      const run = await planWriteWithConflicts(savepoint, locale, context, async () => {
        await apply(savepoint);
        return {};
      });
      caused = run.conflicts;
      throw ROLLED_BACK;
    });
  } catch (error) {
    if (error !== ROLLED_BACK) throw error;
  }
  return caused;
}
