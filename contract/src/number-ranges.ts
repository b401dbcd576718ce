import { z } from 'zod';
import { stripThousandsSeparators } from './numeric';

/**
 * The allowed range of every numeric field a form saves, in ONE place: the contract's request
 * schemas read it (`rangedInt`) and so do the forms (web `numberRange`), so the server refuses with
 * 10001 exactly what the form refuses under the field. Values are in stored units (whole numbers):
 * a count, minutes, cents or tenths of a mile. Nothing is clamped or rounded on either side.
 */
export type NumberUnit = 'count' | 'minutes' | 'cents' | 'tenthMiles';

export interface NumberRange {
  readonly min: number;
  readonly max: number;
  readonly unit: NumberUnit;
}

/** Decimals a form may type for each unit: counts and minutes are whole, dollars have cents, miles tenths. */
export const UNIT_DECIMALS: Readonly<Record<NumberUnit, number>> = { count: 0, minutes: 0, cents: 2, tenthMiles: 1 };

export const NUMBER_RANGES = {
  // Quotes (spec §3 Quote).
  quoteHouseSizeSqft: { min: 0, max: 100_000, unit: 'count' },
  quoteOccupants: { min: 0, max: 50, unit: 'count' },
  quoteLineQuantity: { min: 1, max: 99, unit: 'count' },
  quoteTeamSize: { min: 1, max: 20, unit: 'count' },
  quotePricePerMinuteCents: { min: 0, max: 100_000, unit: 'cents' },
  quoteTravelMinutes: { min: 0, max: 600, unit: 'minutes' },
  quoteAmountCents: { min: 0, max: 1_000_000_000, unit: 'cents' },
  // Jobs (spec §3 Job).
  jobDurationMinutes: { min: 0, max: 1440, unit: 'minutes' },
  jobDrivingTenthMiles: { min: 0, max: 100_000, unit: 'tenthMiles' },
  jobPricePerMinuteCents: { min: 0, max: 100_000, unit: 'cents' },
  jobAmountCents: { min: 0, max: 100_000_000, unit: 'cents' },
  jobLineQuantity: { min: 1, max: 999, unit: 'count' },
  // Service plans and tasks (a plan's budget is person-minutes: up to ten people for a day).
  planBudgetMinutes: { min: 0, max: 14_400, unit: 'minutes' },
  planDurationMinutes: { min: 5, max: 1440, unit: 'minutes' },
  planLineQuantity: { min: 1, max: 99, unit: 'count' },
  taskDurationMinutes: { min: 5, max: 1440, unit: 'minutes' },
  /** Weeks between visits of a custom recurrence (contract CUSTOM_WEEKS_MAX). */
  intervalWeeks: { min: 1, max: 52, unit: 'count' },
  // System settings and lists.
  sortOrder: { min: 0, max: 9999, unit: 'count' },
  priceItemMinutes: { min: 0, max: 1440, unit: 'minutes' },
  mailPort: { min: 1, max: 65_535, unit: 'count' },
  /** Rest breaks an employee missed on a day (time card). */
  missedRestBreaks: { min: 0, max: 5, unit: 'count' },
  // A card kept on file (the year is also at most 20 years ahead, checked by the schema).
  cardExpMonth: { min: 1, max: 12, unit: 'count' },
  cardExpYear: { min: 2000, max: 2100, unit: 'count' },
  // Customer locations.
  locationSqft: { min: 0, max: 100_000, unit: 'count' },
  // Payments of a customer or a job.
  paymentAmountCents: { min: 1, max: 100_000_000, unit: 'cents' },
  paymentGratuityCents: { min: 0, max: 10_000_000, unit: 'cents' },
  refundAmountCents: { min: 1, max: 100_000_000, unit: 'cents' },
  /** A minimum wage an hour: $1.00 to $100.00. */
  minimumWageCents: { min: 100, max: 10_000, unit: 'cents' },
  // Completing a job (Office Day): the tip, and a payment taken on site is a payment amount.
  completionTipCents: { min: 0, max: 10_000_000, unit: 'cents' },
  /** A job's cancellation fee (a job amount). */
  cancelFeeCents: { min: 0, max: 100_000_000, unit: 'cents' },
  planServicePriceCents: { min: 0, max: 1_000_000_000, unit: 'cents' },
  /** Days from an invoice's issue to its due date (0 = due on receipt; a Location Parameter). */
  paymentTermsDays: { min: 0, max: 120, unit: 'count' },
} as const satisfies Record<string, NumberRange>;

export type NumberRangeName = keyof typeof NUMBER_RANGES;

/** The request schema of a ranged field: a whole number of stored units within the range. */
export const rangedInt = (range: NumberRange) => z.number().int().min(range.min).max(range.max);

/** A form value checked against a range: empty, its stored value, or refused (not a number, too precise, out of range). */
export type FormNumber = { kind: 'empty' } | { kind: 'ok'; stored: number } | { kind: 'refused' };

const DECIMAL_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * A form's numeric value (the text of a DecimalInput after spec §5's rule, or an InputNumber's number)
 * in stored units, exactly: '7.50' for a count is refused (not rounded to 8), '99999999' minutes is
 * refused (not clamped to 1440), '0.00' for a field whose minimum is above zero is refused.
 */
export function checkFormNumber(value: unknown, range: NumberRange): FormNumber {
  if (value === undefined || value === null) return { kind: 'empty' };
  const text = typeof value === 'number' ? (Number.isFinite(value) ? numberText(value) : 'x') : String(value).trim();
  if (text === '') return { kind: 'empty' };
  const match = DECIMAL_TEXT.exec(stripThousandsSeparators(text.replace(/^\$/, '')));
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return { kind: 'refused' };
  const decimals = UNIT_DECIMALS[range.unit];
  const fraction = match[3] ?? '';
  if (/[1-9]/.test(fraction.slice(decimals))) return { kind: 'refused' };
  const digits = `${match[2] || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
  const stored = Number(digits) * (match[1] ? -1 : 1);
  if (!(stored >= range.min && stored <= range.max)) return { kind: 'refused' };
  return { kind: 'ok', stored: stored === 0 ? 0 : stored };
}

/** A JS number written without an exponent (1e21 and 1e-7 would not match the decimal pattern). */
function numberText(value: number): string {
  return Math.abs(value) >= 1e21 ? 'x' : value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** A stored value written as a form shows it: 1,440 · $1,000,000.00 · 10,000.0 (grouped, US style, both languages). */
export function formatRangeValue(stored: number, unit: NumberUnit): string {
  const decimals = UNIT_DECIMALS[unit];
  const shown = (stored / 10 ** decimals).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return unit === 'cents' ? `$${shown}` : shown;
}
