import type {
  FieldActionResult,
  FieldActionStatus,
  FieldJobEvent,
  FieldJobEventKind,
  FieldPhotoInput,
  FieldPunch,
  FieldPunchKind,
} from '@tidyhouse/contract';

/**
 * The phone's outbox, its pure part (issue 21, design §8): every action is kept with the moment it
 * happened and a UUID idempotency key, and sent later through `/field/sync` in the order it
 * happened; the server applies each key once, so sending again after a lost answer changes nothing.
 * Photos wait in the same outbox and go to `/field/photo`. Storage (IndexedDB) lives in outbox.ts.
 */

export type PunchAction = { type: 'punch' } & FieldPunch;
export type JobEventAction = { type: 'jobEvent' } & FieldJobEvent;
export type SyncAction = PunchAction | JobEventAction;
/** What the cleaner did, before the outbox gives it its key and moment. */
export type ActionInput =
  | ({ type: 'punch' } & Omit<FieldPunch, 'key' | 'at'>)
  | ({ type: 'jobEvent' } & Omit<FieldJobEvent, 'key' | 'at'>);

export type EntryStatus = 'pending' | FieldActionStatus;

export interface OutboxEntry {
  /** The idempotency key (a UUID), also the entry's key in storage. */
  key: string;
  /** The account that did it: a phone shared by two cleaners sends each one's actions with their own session. */
  userId: number;
  /** When it happened on the phone (ISO instant). */
  at: string;
  /** Tie-break of actions made in the same millisecond. */
  seq: number;
  status: EntryStatus;
  /** The server's words for a conflict or a refusal. */
  message?: string;
  action?: SyncAction;
  photo?: FieldPhotoInput;
  settledAt?: string;
}

/** Settled entries kept for the cleaner to read ("sent from this phone"). */
export const SETTLED_KEPT = 30;
export const SYNC_BATCH_MAX = 200;

/** A version 4 UUID. crypto.randomUUID exists only on HTTPS pages; the office often serves plain HTTP. */
export function uuid(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function actionEntry(input: ActionInput, userId: number, at: Date, seq: number, key = uuid()): OutboxEntry {
  const iso = at.toISOString();
  return { key, userId, at: iso, seq, status: 'pending', action: { ...input, key, at: iso } as SyncAction };
}

export function photoEntry(photo: FieldPhotoInput, userId: number, at: Date, seq: number, key = uuid()): OutboxEntry {
  return { key, userId, at: at.toISOString(), seq, status: 'pending', photo };
}

export const inOrder = (a: OutboxEntry, b: OutboxEntry) => a.at.localeCompare(b.at) || a.seq - b.seq;

/** This user's waiting entries, oldest first. */
export function pendingOf(entries: readonly OutboxEntry[], userId: number): OutboxEntry[] {
  return entries.filter((e) => e.userId === userId && e.status === 'pending').sort(inOrder);
}

/**
 * What the screens lay over a day from the server: this user's waiting actions, and those settled as
 * applied after the day was asked for (the day on screen does not hold them yet), in order.
 */
export function laidOver(entries: readonly OutboxEntry[], userId: number | null, loadedAt: string): OutboxEntry[] {
  if (userId === null) return [];
  const applied = (e: OutboxEntry) => (e.status === 'applied' || e.status === 'duplicate') && (e.settledAt ?? '') > loadedAt;
  return entries.filter((e) => e.userId === userId && (e.status === 'pending' || applied(e))).sort(inOrder);
}

/** The next `/field/sync` batch: this user's waiting actions in the order they happened. */
export function nextBatch(entries: readonly OutboxEntry[], userId: number, max = SYNC_BATCH_MAX): OutboxEntry[] {
  return pendingOf(entries, userId)
    .filter((e) => e.action)
    .slice(0, max);
}

/** The entries a sync answer settles (matched by key; an action the answer leaves out stays waiting). */
export function settle(batch: readonly OutboxEntry[], results: readonly FieldActionResult[], now: Date): OutboxEntry[] {
  const byKey = new Map(results.map((r) => [r.key, r]));
  return batch.flatMap((entry) => {
    const result = byKey.get(entry.key);
    if (!result) return [];
    return [{ ...entry, status: result.status, message: result.message, settledAt: now.toISOString() }];
  });
}

/** Settled entries beyond the newest `keep`: removed from storage. */
export function prunable(entries: readonly OutboxEntry[], keep = SETTLED_KEPT): string[] {
  return entries
    .filter((e) => e.status !== 'pending')
    .sort((a, b) => (b.settledAt ?? '').localeCompare(a.settledAt ?? ''))
    .slice(keep)
    .map((e) => e.key);
}

/** What the cleaner is told about: a conflict with the office or a refusal, with the server's words. */
export function needsAttention(entry: OutboxEntry): boolean {
  return entry.status === 'conflict' || entry.status === 'refused';
}

/** The kind shown in the outbox list ('clockIn', 'checkIn', 'photo', …). */
export function entryKind(entry: OutboxEntry): FieldPunchKind | FieldJobEventKind | 'photo' {
  return entry.action?.kind ?? 'photo';
}
