import { z } from 'zod';

/** Response codes of design.md §3. Business outcomes travel with HTTP 200 and one of these. */
export const Code = {
  OK: 0,
  INVALID_INPUT: 10001,
  FORBIDDEN: 10003,
  NOT_FOUND: 10004,
  CONFLICT: 10009,
  REFUSED: 10010,
  NOT_LOGGED_IN: 20005,
  SESSION_EXPIRED: 20006,
  ACCOUNT_BLOCKED: 9999,
  SERVER_ERROR: 50000,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Codes after which the client clears its session and returns to /login (spec §4, §8). */
export const SESSION_ENDING_CODES: readonly number[] = [Code.NOT_LOGGED_IN, Code.SESSION_EXPIRED, Code.ACCOUNT_BLOCKED];

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });
