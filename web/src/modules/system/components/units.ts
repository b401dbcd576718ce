import {
  centsToDecimalText,
  formatCents,
  parseMoneyToCents,
  QUOTE_PARAM_LIMITS,
  type QuoteParamName,
  type QuoteParams,
  type QuoteParamsModifyRequest,
} from '@tidyhouse/contract';

/**
 * The API keeps whole numbers (cents, basis points, minutes); people type dollars, percents, a
 * multiplier or hours with two decimals (DecimalInput). These convert at the form's edge, through the
 * contract's decimal-text helpers, never through floats of money.
 */
export interface DecimalUnit {
  kind: 'decimal';
  /** The API's integer as the text the field shows ("8.25"). */
  toText: (value: number) => string;
  /** The field's text as the API's integer; null when it is not a number. */
  fromText: (text: string) => number | null;
  /** A limit written the way the user reads it ("$0.01", "50.00 %"). */
  show: (value: number) => string;
}
export interface IntegerUnit {
  kind: 'integer';
  show: (value: number) => string;
}
export type Unit = DecimalUnit | IntegerUnit;

/** Basis points as a percent: 825 ↔ "8.25". */
export const percent: DecimalUnit = {
  kind: 'decimal',
  toText: (bps) => centsToDecimalText(bps),
  fromText: (text) => parseMoneyToCents(text),
  show: (bps) => `${centsToDecimalText(bps)} %`,
};

/** Cents as dollars: 95 ↔ "0.95". */
export const dollars: DecimalUnit = {
  kind: 'decimal',
  toText: (cents) => centsToDecimalText(cents),
  fromText: (text) => parseMoneyToCents(text),
  show: (cents) => formatCents(cents),
};

/** Basis points as a multiplier: 15000 ↔ "1.50" (×). */
export const multiplier: DecimalUnit = {
  kind: 'decimal',
  toText: (bps) => centsToDecimalText(Math.round(bps / 100)),
  fromText: (text) => {
    const hundredths = parseMoneyToCents(text);
    return hundredths === null ? null : hundredths * 100;
  },
  show: (bps) => `${centsToDecimalText(Math.round(bps / 100))}×`,
};

/** Minutes as hours: 390 ↔ "6.50" (to the nearest minute). */
export const hours: DecimalUnit = {
  kind: 'decimal',
  toText: (minutes) => centsToDecimalText(Math.round((minutes * 100) / 60)),
  fromText: (text) => {
    const hundredths = parseMoneyToCents(text);
    return hundredths === null ? null : Math.round((hundredths * 60) / 100);
  },
  show: (minutes) => `${centsToDecimalText(Math.round((minutes * 100) / 60))} h`,
};

export const whole: IntegerUnit = { kind: 'integer', show: (n) => String(n) };

/** Each quote parameter of spec §9 with the unit it is typed in. */
export const QUOTE_PARAM_UNITS: Record<QuoteParamName, Unit> = {
  minutesPerPersonPer1000Sqft: whole,
  priceRangeVarianceBps: percent,
  maxDiscountBps: percent,
  defaultTeamSize: whole,
  defaultPricePerMinuteCents: dollars,
  overtimeMultiplierBps: multiplier,
  dailyCleanMinutesGoal: hours,
  dailyRevenueGoalCents: dollars,
  paymentTermsDays: whole,
  fieldSessionIdleHours: whole,
};
/** How invoices state payment terms (docs/business-rules.md "Invoices and balances"): 0 is due on receipt. */
export const paymentTermsText = (days: number) =>
  days === 0
    ? ({ key: 'system.params.quote.terms.dueOnReceipt' } as const)
    : ({ key: 'system.params.quote.terms.net', count: days } as const);

export const QUOTE_PARAM_NAMES = Object.keys(QUOTE_PARAM_LIMITS) as QuoteParamName[];

export type QuoteParamValues = Record<QuoteParamName, string | number>;

export function quoteParamsToValues(params: QuoteParams): QuoteParamValues {
  const values = {} as QuoteParamValues;
  for (const name of QUOTE_PARAM_NAMES) {
    const unit = QUOTE_PARAM_UNITS[name];
    values[name] = unit.kind === 'decimal' ? unit.toText(params[name]) : params[name];
  }
  return values;
}

/** The request of the form's values (the form has checked each converts within its limits). */
export function quoteParamsToRequest(values: QuoteParamValues, version: number): QuoteParamsModifyRequest {
  const request = { version } as QuoteParamsModifyRequest;
  for (const name of QUOTE_PARAM_NAMES) {
    const unit = QUOTE_PARAM_UNITS[name];
    const value = values[name];
    request[name] = unit.kind === 'decimal' ? (unit.fromText(String(value)) ?? 0) : Number(value);
  }
  return request;
}
