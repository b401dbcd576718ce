import { z } from 'zod';
import { ZIsoDate } from '../fields';
import { ZRecordId } from '../ids';

/**
 * The office clears a field conflict it has looked at (issue 21): a crew's action the office had changed
 * meanwhile stays flagged (board, Job Completion, time card) until someone resolves it here.
 * By job (Job Completion, the board) or by a cleaner's time-card day (their punches' conflicts).
 */
export const ZFieldResolveJobConflict = z.object({ jobId: ZRecordId });
export type FieldResolveJobConflict = z.infer<typeof ZFieldResolveJobConflict>;

export const ZFieldResolveCardConflicts = z.object({ userId: ZRecordId, date: ZIsoDate });
export type FieldResolveCardConflicts = z.infer<typeof ZFieldResolveCardConflicts>;

/** How many flagged actions the call resolved (0: nothing was open, nothing changed). */
export const ZFieldResolved = z.object({ resolved: z.number().int() });
export type FieldResolved = z.infer<typeof ZFieldResolved>;
