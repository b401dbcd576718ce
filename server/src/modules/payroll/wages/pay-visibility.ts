import { PAY_MANAGE_KEY, type WageSummaryRow } from '@tidyhouse/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../platform/database';
import { callerHolds } from '../../../platform/permissions';

/**
 * Pay rates go only to callers holding PAY_MANAGE_KEY (issue 24 item 7): the wages screen's key alone
 * shows hours and amounts, never the hourly rate, percentage or regular-rate derivation behind them.
 */
export const showsPayRates = (db: Db, request: FastifyRequest) => callerHolds(db, request, PAY_MANAGE_KEY);

type Lines = Pick<WageSummaryRow, 'lines'>;

/** The answer with every rate left out (null), or as it is for a caller who may see rates. */
export function withPayRates<T extends Lines>(row: T, show: boolean): T {
  if (show) return row;
  const hidden: T = {
    ...row,
    lines: row.lines.map(({ rateBasisPoints: _bps, ...line }) => ({ ...line, rateCentsPerHour: null })),
  };
  if ('regularRates' in hidden && Array.isArray(hidden.regularRates)) return { ...hidden, regularRates: [] };
  return hidden;
}
