import { momentAtWallClock } from '@tidyhouse/contract';
import type { TestApp } from '../../../../test/helper';
import { userIdOf } from '../../employees/test-support';
import { timePunches } from './time-cards.tables';

/** Punches made directly for tests and endpoint rows (tests only). */
const ZONE = 'America/Los_Angeles';
export const wall = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return momentAtWallClock(date, h * 60 + m, ZONE);
};

export async function punchOf(
  t: TestApp,
  values: {
    uname?: string;
    userId?: number;
    workDate: string;
    kind?: 'shift' | 'meal' | 'drive';
    start: string;
    end: string | null;
  },
) {
  const userId = values.userId ?? (await userIdOf(t, values.uname ?? 'rosa.martinez'));
  const [punch] = await t.db
    .insert(timePunches)
    .values({
      userId,
      workDate: values.workDate,
      kind: values.kind ?? 'shift',
      startsAt: wall(values.workDate, values.start),
      endsAt: values.end === null ? null : wall(values.workDate, values.end),
    })
    .returning();
  return punch!;
}
