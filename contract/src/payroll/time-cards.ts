/**
 * Time cards (issue 11). A punch is one interval of an employee's work day, a moment pair in
 * timestamptz; the work day is the business date it belongs to.
 * - shift: the day's clock-in to clock-out (paid time is inside it);
 * - meal: an unpaid meal break inside the shift;
 * - job: check-in to check-out at a job (the in-home time job completion confirms);
 * - drive: drive between jobs (paid; the board's estimate stands in until one is punched);
 * - labor: other paid work by labor type (training, office, supply run).
 */
export const TIME_PUNCH_KINDS = ['shift', 'meal', 'job', 'drive', 'labor'] as const;
export type TimePunchKind = (typeof TIME_PUNCH_KINDS)[number];

/** Who recorded the punch: the office, the field app (the employee's phone), or the board (drive estimate). */
export const TIME_PUNCH_SOURCES = ['office', 'field', 'board'] as const;
export type TimePunchSource = (typeof TIME_PUNCH_SOURCES)[number];

/** A pay period's approval: approved locks its time cards; reopened (with a reason) unlocks them. */
export const PAY_PERIOD_APPROVAL_STATUSES = ['approved', 'reopened'] as const;
export type PayPeriodApprovalStatus = (typeof PAY_PERIOD_APPROVAL_STATUSES)[number];
