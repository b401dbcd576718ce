import { describe, expect, it } from 'vitest';
import { actionEntry, laidOver, nextBatch, type OutboxEntry, pendingOf, photoEntry, prunable, settle, uuid } from './queue';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 16, minute));
const clockIn = { type: 'punch', kind: 'clockIn' } as const;

describe('the outbox, pure part', () => {
  it('makes version 4 UUIDs without crypto.randomUUID (plain-HTTP pages have none)', () => {
    const key = uuid();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuid()).not.toBe(key);
    // Version and variant bits set whatever the random bytes were.
    expect(uuid((bytes) => bytes.fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('keeps the key and the moment of the tap inside the action the server receives', () => {
    const entry = actionEntry(clockIn, 7, at(3), 0, 'k-1');
    expect(entry).toMatchObject({ key: 'k-1', userId: 7, status: 'pending', at: at(3).toISOString() });
    expect(entry.action).toEqual({ type: 'punch', kind: 'clockIn', key: 'k-1', at: at(3).toISOString() });
  });

  it('sends one user’s waiting actions in the order they happened, never photos or settled ones', () => {
    const entries: OutboxEntry[] = [
      actionEntry({ type: 'punch', kind: 'mealStart' }, 7, at(30), 2, 'meal'),
      actionEntry(clockIn, 7, at(1), 1, 'in'),
      actionEntry({ type: 'jobEvent', jobId: 4, kind: 'checkIn' }, 7, at(1), 0, 'check'),
      actionEntry(clockIn, 8, at(0), 3, 'other-user'),
      { ...actionEntry(clockIn, 7, at(0), 4, 'sent'), status: 'applied' },
      photoEntry({ jobId: 4, kind: 'before', name: 'b.jpg', contentBase64: 'x' }, 7, at(2), 5, 'photo'),
    ];
    expect(nextBatch(entries, 7).map((e) => e.key)).toEqual(['check', 'in', 'meal']);
    expect(nextBatch(entries, 7, 2).map((e) => e.key)).toEqual(['check', 'in']);
    expect(pendingOf(entries, 7).map((e) => e.key)).toEqual(['check', 'in', 'photo', 'meal']);
  });

  it('settles by key with the server’s status and words; an action the answer leaves out keeps waiting', () => {
    const batch = [
      actionEntry(clockIn, 7, at(1), 0, 'a'),
      actionEntry(clockIn, 7, at(2), 1, 'b'),
      actionEntry(clockIn, 7, at(3), 2, 'c'),
    ];
    const done = settle(
      batch,
      [
        { key: 'c', status: 'conflict', message: 'The office changed this punch' },
        { key: 'a', status: 'duplicate' },
      ],
      at(9),
    );
    expect(done.map((e) => [e.key, e.status, e.message])).toEqual([
      ['a', 'duplicate', undefined],
      ['c', 'conflict', 'The office changed this punch'],
    ]);
    expect(done.every((e) => e.settledAt === at(9).toISOString())).toBe(true);
  });

  it('forgets settled entries beyond the newest ones kept, never a waiting one', () => {
    const settled = [1, 2, 3].map((n) => ({
      ...actionEntry(clockIn, 7, at(n), n, `s${n}`),
      status: 'applied' as const,
      settledAt: at(n).toISOString(),
    }));
    const waiting = actionEntry(clockIn, 7, at(0), 0, 'w');
    expect(prunable([...settled, waiting], 2)).toEqual(['s1']);
    expect(prunable([waiting], 0)).toEqual([]);
  });

  it('lays over the day what waits and what was applied after the day was asked for, not before', () => {
    const loadedAt = at(10).toISOString();
    const entries: OutboxEntry[] = [
      actionEntry(clockIn, 7, at(12), 0, 'waiting'),
      { ...actionEntry(clockIn, 7, at(5), 1, 'late'), status: 'applied', settledAt: at(11).toISOString() },
      { ...actionEntry(clockIn, 7, at(4), 2, 'early'), status: 'applied', settledAt: at(9).toISOString() },
      { ...actionEntry(clockIn, 7, at(6), 3, 'refused'), status: 'refused', settledAt: at(11).toISOString() },
      actionEntry(clockIn, 8, at(1), 4, 'other'),
    ];
    expect(laidOver(entries, 7, loadedAt).map((e) => e.key)).toEqual(['late', 'waiting']);
    expect(laidOver(entries, null, loadedAt)).toEqual([]);
  });
});
