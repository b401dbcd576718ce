import { z } from 'zod';
import { int4, ZRecordId } from '../ids';

/**
 * One entry of a record's change log, read from the operation log (audit): who did what, when, and
 * the fields changed. Service plans and tasks show it; any record audited with a recordType can.
 */
export const ZChangeLogEntry = z.object({
  id: z.number().int(),
  /** ISO timestamp. */
  at: z.string(),
  action: z.string(),
  user: z.string().nullable(),
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type ChangeLogEntry = z.infer<typeof ZChangeLogEntry>;

export const ZChangeLogRequest = z.object({
  id: ZRecordId,
  pageNum: int4(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type ChangeLogRequest = z.infer<typeof ZChangeLogRequest>;
export const ZChangeLogResponse = z.object({ list: z.array(ZChangeLogEntry), total: z.number().int() });
