import type { CardBrand, CardDetails, ColoredRef } from '@tidyhouse/contract';

/** Shapes shared by the customer and quote answers. */

export const iso = (moment: Date | string) => (moment instanceof Date ? moment : new Date(moment)).toISOString();

export interface CardRow {
  cardBrand: string | null;
  cardLast4: string | null;
  cardExpMonth: number | null;
  cardExpYear: number | null;
  cardHolderName: string;
}

/**
 * The card columns of a row as the API answers them: null when no card is on file. The gateway's
 * token and customer id are never read here: they do not leave the server.
 */
export function cardOf(row: CardRow): CardDetails | null {
  if (!row.cardBrand || !row.cardLast4 || row.cardExpMonth === null || row.cardExpYear === null) return null;
  return {
    brand: row.cardBrand as CardBrand,
    last4: row.cardLast4,
    expMonth: row.cardExpMonth,
    expYear: row.cardExpYear,
    holderName: row.cardHolderName,
  };
}

/** A joined colored reference (zone, team) from nullable columns. */
export function refOf(id: number | null, name: string | null, color: string | null): ColoredRef | null {
  return id === null || name === null ? null : { id, name, color: color ?? '' };
}

/** Audit-friendly view of a row: card data reduced to brand and last four, codes left out. */
export function auditView(row: Record<string, unknown>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (/encrypted|vendorToken|^version$|^updatedAt$|^updatedBy$/i.test(key)) continue;
    view[key] = value instanceof Date ? value.toISOString() : value;
  }
  return view;
}
