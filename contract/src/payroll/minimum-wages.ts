import { z } from 'zod';
import { requiredCalendarDate } from '../calendar';
import { requiredText } from '../fields';
import { ZRecordId } from '../ids';
import { NUMBER_RANGES, type NumberRange } from '../number-ranges';

/**
 * Minimum wages by jurisdiction (issue 24; docs/business-rules.md "Minimum wage by where the work is
 * done"): the state's applies everywhere, a city's within the city, a county's in its unincorporated
 * area (the places listed with it). Work at a job counts at the job's address city, other work at the
 * business's city (Location Parameters); an hour's floor is the highest rate in force there.
 */
export const MINIMUM_WAGE_SCOPES = ['state', 'city', 'county'] as const;
export type MinimumWageScope = (typeof MINIMUM_WAGE_SCOPES)[number];

/** The state's jurisdiction name (the wage engine is California's). */
export const STATE_JURISDICTION = 'California';

/** The business's employee count (a payroll setting), and the employer size a tiered rate may start at. */
export const EMPLOYEE_COUNT_RANGE: NumberRange = { min: 1, max: 100_000, unit: 'count' };
export const MIN_EMPLOYEES_RANGE: NumberRange = { min: 0, max: 100_000, unit: 'count' };

/** A place name as compared: an address's city against a jurisdiction's, case, spaces and dots aside. */
export function placeKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The place keys a rate covers: null for the state (everywhere), a city its own name, a county its places. */
export function placesCovered(rate: { scope: MinimumWageScope; jurisdiction: string; places: readonly string[] }) {
  if (rate.scope === 'state') return null;
  return rate.scope === 'city' ? [placeKey(rate.jurisdiction)] : rate.places.map(placeKey);
}

export const ZMinimumWage = z.object({
  id: z.number().int(),
  effectiveFrom: z.string(),
  centsPerHour: z.number().int(),
  scope: z.enum(MINIMUM_WAGE_SCOPES),
  /** Its name as shown: California, Mountain View, San Mateo County (unincorporated)… */
  jurisdiction: z.string(),
  /** A county's unincorporated places (address cities) it covers; empty otherwise. */
  places: z.array(z.string()),
  /** The rate applies to employers of at least this many employees (0: every employer). */
  minEmployees: z.number().int(),
});
export type MinimumWage = z.infer<typeof ZMinimumWage>;

/**
 * A minimum wage of a jurisdiction from a date, $1.00–$100.00 an hour; a new rate of the same
 * jurisdiction, date and employer size replaces the earlier one. Without a scope it is the state's.
 */
export const ZMinimumWageAddRequest = z
  .object({
    effectiveFrom: requiredCalendarDate('validation.effectiveDateRequired'),
    centsPerHour: z
      .number({ error: 'validation.minimumWageRequired' })
      .int({ error: 'validation.minimumWageRequired' })
      .min(NUMBER_RANGES.minimumWageCents.min, { error: 'validation.minimumWageRequired' })
      .max(NUMBER_RANGES.minimumWageCents.max, { error: 'validation.minimumWageRequired' }),
    scope: z.enum(MINIMUM_WAGE_SCOPES, { error: 'validation.jurisdictionScopeRequired' }).default('state'),
    jurisdiction: requiredText(80, 'validation.jurisdictionRequired').optional(),
    places: z.array(requiredText(80, 'validation.placeRequired')).max(60).default([]),
    minEmployees: z
      .number({ error: 'validation.minEmployeesRange' })
      .int({ error: 'validation.minEmployeesRange' })
      .min(MIN_EMPLOYEES_RANGE.min, { error: 'validation.minEmployeesRange' })
      .max(MIN_EMPLOYEES_RANGE.max, { error: 'validation.minEmployeesRange' })
      .default(0),
  })
  .superRefine((v, ctx) => {
    if (v.scope !== 'state' && !v.jurisdiction) {
      ctx.addIssue({ code: 'custom', message: 'validation.jurisdictionRequired', path: ['jurisdiction'] });
    }
    if (v.scope === 'county' && v.places.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'validation.placeRequired', path: ['places'] });
    }
  })
  .transform((v) => ({
    ...v,
    jurisdiction: v.scope === 'state' ? STATE_JURISDICTION : v.jurisdiction!,
    places: v.scope === 'county' ? v.places : [],
  }));
export type MinimumWageAddRequest = z.input<typeof ZMinimumWageAddRequest>;
export type MinimumWageAddInput = z.output<typeof ZMinimumWageAddRequest>;
export const ZMinimumWageRemoveRequest = z.object({ id: ZRecordId });
