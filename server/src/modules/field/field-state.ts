import type { FieldState } from '@tidyhouse/contract';

/** What a job's field row says (job_field_states), or nothing yet. */
export interface FieldStateRow {
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  doneAt: Date | null;
}

/**
 * A job's state from the field (the crew's view and the board's): done once reported done or left
 * (checked out after the last check-in), in progress while checked in, en route when the crew is on
 * its way to it (`onTheWay`: the caller knows the day's order), else not started.
 */
export function fieldStateOf(row: FieldStateRow | undefined, onTheWay = false): FieldState {
  if (row?.doneAt) return 'done';
  if (row?.checkedInAt) {
    const left = row.checkedOutAt !== null && row.checkedOutAt.getTime() >= row.checkedInAt.getTime();
    return left ? 'done' : 'inProgress';
  }
  return onTheWay ? 'enRoute' : 'notStarted';
}
