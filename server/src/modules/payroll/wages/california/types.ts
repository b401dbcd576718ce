import type { PayAdjustmentKind, PayLineKind, PayPeriod, WorkDay } from '@tidyhouse/contract';

export type { PayLineKind };

/**
 * The inputs and outputs of the California pay computation (issue 11). Everything here is plain data:
 * the server loads it (time cards' WorkDays, pay rates, jobs, tips), the computation reads nothing else.
 * Money is integer cents, percentages basis points, durations minutes, dates `YYYY-MM-DD`.
 */

/** How an employee is paid from a date on (one employee_pay_rates record). */
export interface PayRateInForce {
  effectiveFrom: string;
  payType: 'hourly' | 'salary' | 'percentage';
  /** hourly: cents per hour; salary: cents per semi-monthly period; percentage: basis points of the job price. */
  rate: number;
}

export interface LaborTypeRate {
  hourlyRateCents: number;
  /** Unpaid labor (a labor type marked unpaid) is not hours worked. */
  isPaid: boolean;
}

/** A job the employee worked on, as the whole team did it. */
export interface JobForPay {
  /** Invoice subtotal before tax (cents): the base of percentage pay. */
  priceCents: number;
  /** All team members' in-home (job punch) minutes on the job. */
  teamInHomeMinutes: number;
  /** Team members: an equal share when nobody punched the job. */
  teamSize: number;
  /** The city of the job's address (contract placeKey): where its hours count for the minimum wage. */
  place?: string;
}

/** One tip share already given to this employee (see tips.ts), falling in this period. */
export interface TipShare {
  paymentId: number;
  jobId: number;
  /** The day the tip counts on: the payment's date, or the first day of the next open period. */
  workDate: string;
  cents: number;
}

/** A minimum wage of a jurisdiction from a date (contract minimum-wages.ts). */
export interface MinimumWageRate {
  effectiveFrom: string;
  centsPerHour: number;
  /** Its name as shown (California, Mountain View…); rates of one name and size tier succeed each other. */
  jurisdiction: string;
  /** The place keys it covers (contract placeKey); null: everywhere (the state). */
  places: readonly string[] | null;
  /** Applies to employers of at least this many employees (0: every employer). */
  minEmployees: number;
}

export interface EmployeeWageInput {
  userId: number;
  period: PayPeriod;
  /** Any first day of a workweek (payroll settings' anchor): workweeks are the 7-day runs from it. */
  workweekAnchor: string;
  /** How many pay periods a year (52, 26 or 24): a salary is set per semi-monthly period. */
  periodsPerYear: number;
  /** The period's days and the days of its first workweek before it (for the 7th-day and weekly rules). */
  days: WorkDay[];
  /** The employee's rate history (any order); the record with the latest effectiveFrom on or before a date applies. */
  payRates: PayRateInForce[];
  laborTypes: ReadonlyMap<number, LaborTypeRate>;
  jobs: ReadonlyMap<number, JobForPay>;
  percentSplit: 'by_minutes' | 'full_each';
  minimumWages: MinimumWageRate[];
  /** Paid sick leave taken in the period: per day, the minutes the balance allows (sick-leave.service.ts). */
  sickLeave?: Array<{ workDate: string; minutes: number }>;
  /** The business's employee count (payroll settings): the size tier of a tiered minimum wage. */
  employeeCount: number;
  /** The business's city (place key): where work not at a job counts, and a job without a city. */
  businessPlace: string;
  tips: TipShare[];
}

/** What one line is made of: a day (and a job for piece pay and tips). Items add up to the line. */
export interface PayItem {
  workDate: string;
  jobId?: number;
  /** Piece pay: the price of the job it is a percentage of. */
  jobPriceCents?: number;
  paymentId?: number;
  /** An adjustment line's item (period-wages.ts): what changed and the approved period it belongs to. */
  adjustment?: { kind: PayAdjustmentKind; periodStart: string; periodEnd: string; paidIn?: string };
  minutes: number;
  cents: number;
}

export interface PayLine {
  kind: PayLineKind;
  /** For a labor line: its labor type. */
  laborTypeId?: number;
  minutes: number;
  /** Cents per hour, rounded to the cent for display (amounts use the exact rate); null for amounts not by time. */
  rateCentsPerHour: number | null;
  /** For piece (percentage) pay: the percentage in basis points. */
  rateBasisPoints?: number;
  cents: number;
  items: PayItem[];
}

/** Something the office should look at (the computation still produced a figure). */
export type WageWarning = { code: 'noPayRate'; workDate: string } | { code: 'unknownJob'; jobId: number; workDate: string };

export interface EmployeeWages {
  userId: number;
  period: PayPeriod;
  /** Hours worked in the period (minutes). */
  workedMinutes: number;
  lines: PayLine[];
  grossCents: number;
  /** Each day worked in the period: its hours and how the overtime rules split them. */
  days: Array<{
    workDate: string;
    workedMinutes: number;
    regularMinutes: number;
    overtimeMinutes: number;
    doubleTimeMinutes: number;
    mealPremium: boolean;
    restPremium: boolean;
  }>;
  warnings: WageWarning[];
  /** Each workweek with hours in the period, how its regular rate was found (absent in snapshots taken before). */
  regularRates?: RegularRateWeek[];
  /** Each minimum wage that was the floor of some hour worked in the period, highest first. */
  minimumWagesUsed: Array<{ jurisdiction: string; centsPerHour: number }>;
}

/**
 * A workweek's regular rate (Labor Code 510): its straight pay ÷ its hours worked (the days before the
 * period included), or the minimum wage over those hours when that is more; overtime and double time
 * are 1.5× and 2× it (paid here as premiums of ½× and 1× on top of straight time).
 */
export interface RegularRateWeek {
  weekStart: string;
  straightCents: number;
  workedMinutes: number;
  /** The minimum wage over the week's hours (cents, rounded up). */
  floorCents: number;
  /** The floor was more than the straight pay: the regular rate is the floor's. */
  floorApplied: boolean;
  centsPerHour: number;
  overtimeCentsPerHour: number;
  doubleTimeCentsPerHour: number;
  /** Overtime and double-time minutes of the week's days in the period. */
  overtimeMinutes: number;
  doubleTimeMinutes: number;
}
