import type { Locale } from '@tidyhouse/contract';
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
