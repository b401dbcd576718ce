import type { FieldActionResult } from '@tidyhouse/contract';
import { describe, expect, it, vi } from 'vitest';
import { FieldApiError, OfflineError } from './api';
import { memoryStore, Outbox, type OutboxTransport } from './outbox';
import type { SyncAction } from './queue';

/** A server that applies each key once and answers a replay as a duplicate, as /field/sync does. */
function fakeServer() {
  const applied = new Map<string, SyncAction>();
  let online = true;
  const sent: string[][] = [];
  const transport: OutboxTransport = {
    sync: vi.fn(async (actions: SyncAction[]) => {
      if (!online) throw new OfflineError('offline');
      const list = actions;
      sent.push(list.map((a) => a.key));
      return list.map((action): FieldActionResult => {
        if (applied.has(action.key)) return { key: action.key, status: 'duplicate' };
        applied.set(action.key, action);
        return { key: action.key, status: 'applied' };
      });
    }),
    photo: vi.fn(async () => {
      if (!online) throw new OfflineError('offline');
      return {};
    }),
  };
  return { transport, applied, sent, setOnline: (value: boolean) => (online = value) };
}

function outboxFor(transport: OutboxTransport, store = memoryStore()) {
  const outbox = new Outbox(store, transport);
  outbox.userId = 7;
  return { outbox, store };
}

describe('the outbox', () => {
  it('keeps an action made offline with its moment and key, and sends it once when back online', async () => {
    const server = fakeServer();
    server.setOnline(false);
    const { outbox } = outboxFor(server.transport);
    const tapped = new Date('2026-11-27T16:05:00.000Z');
    const entry = await outbox.add({ type: 'punch', kind: 'clockIn' }, tapped);
    await outbox.flush();
    expect(outbox.getSnapshot().pending).toBe(1);
    expect(server.applied.size).toBe(0);

    server.setOnline(true);
    await outbox.flush();
    expect(outbox.getSnapshot().pending).toBe(0);
    expect([...server.applied.values()]).toEqual([{ type: 'punch', kind: 'clockIn', key: entry.key, at: tapped.toISOString() }]);
    expect(outbox.getSnapshot().entries.map((e) => e.status)).toEqual(['applied']);
  });

  it('sends the same key again after a lost answer: the server answers it as a duplicate, applied once', async () => {
    const server = fakeServer();
    const { transport } = server;
    // The first answer is lost on its way back: applied on the server, unknown to the phone.
    const lose = vi.fn(async (actions: SyncAction[]) => {
      await fakeAnswer(actions);
      throw new OfflineError('lost');
    });
    const fakeAnswer = transport.sync as (a: SyncAction[]) => Promise<FieldActionResult[]>;
    const { outbox } = outboxFor({ ...transport, sync: lose as OutboxTransport['sync'] });
    const entry = await outbox.add({ type: 'jobEvent', jobId: 3, kind: 'checkIn' });
    await outbox.flush();
    expect(outbox.getSnapshot().pending).toBe(1);

    const again = outboxFor(transport, (outbox as unknown as { store: ReturnType<typeof memoryStore> }).store).outbox;
    await again.flush();
    // Every try carried the same key (the first ones' answers were lost); the server applied it once.
    expect(server.sent.length).toBeGreaterThanOrEqual(2);
    expect(server.sent.every((keys) => keys.length === 1 && keys[0] === entry.key)).toBe(true);
    expect(server.applied.size).toBe(1);
    expect(again.getSnapshot().entries.map((e) => e.status)).toEqual(['duplicate']);
  });

  it('tells the listeners what the server refused or found in conflict, with its words', async () => {
    const results: FieldActionResult['status'][] = ['conflict', 'refused'];
    const transport: OutboxTransport = {
      sync: async (actions) => actions.map((a, i) => ({ key: a.key, status: results[i]!, message: `why ${i}` })),
      photo: async () => ({}),
    };
    const { outbox } = outboxFor(transport);
    const told: string[] = [];
    outbox.subscribe((_snapshot, settled) => told.push(...settled.map((e) => `${e.status}: ${e.message}`)));
    await outbox.add({ type: 'punch', kind: 'clockIn' }, new Date('2026-11-27T16:00:00Z'));
    await outbox.add({ type: 'punch', kind: 'mealStart' }, new Date('2026-11-27T16:01:00Z'));
    await outbox.flush();
    expect(told).toContain('conflict: why 0');
    expect(outbox.getSnapshot().pending).toBe(0);
  });

  it('sends a batch the server refuses as a whole one action at a time, so one bad action cannot hold the rest', async () => {
    const transport: OutboxTransport = {
      sync: vi.fn(async (actions: SyncAction[]) => {
        if (actions.some((a) => a.type === 'jobEvent' && a.jobId === 666)) throw new FieldApiError(10001, 'Job: not found');
        return actions.map((a) => ({ key: a.key, status: 'applied' as const }));
      }),
      photo: async () => ({}),
    };
    const { outbox } = outboxFor(transport);
    await outbox.add({ type: 'jobEvent', jobId: 666, kind: 'checkIn' }, new Date('2026-11-27T16:00:00Z'));
    await outbox.add({ type: 'punch', kind: 'clockIn' }, new Date('2026-11-27T16:01:00Z'));
    await outbox.flush();
    const byKind = Object.fromEntries(outbox.getSnapshot().entries.map((e) => [e.action!.kind, [e.status, e.message]]));
    expect(byKind).toEqual({ checkIn: ['refused', 'Job: not found'], clockIn: ['applied', undefined] });
  });

  it('keeps everything waiting when the session has ended (sent again after the next sign-in)', async () => {
    const transport: OutboxTransport = {
      sync: async () => {
        throw new FieldApiError(20006, 'Session expired');
      },
      photo: async () => ({}),
    };
    const { outbox } = outboxFor(transport);
    await outbox.add({ type: 'punch', kind: 'clockIn' });
    await outbox.flush();
    expect(outbox.getSnapshot().pending).toBe(1);
    expect(outbox.getSnapshot().entries[0]!.status).toBe('pending');
  });

  it('sends a waiting photo through /field/photo and keeps only its outcome, not its bytes', async () => {
    const server = fakeServer();
    server.setOnline(false);
    const { outbox, store } = outboxFor(server.transport);
    await outbox.addPhoto({ jobId: 3, kind: 'before', name: 'before-J1.jpg', contentBase64: 'data:image/jpeg;base64,AAAA' });
    await outbox.flush();
    expect(outbox.getSnapshot().pending).toBe(1);
    server.setOnline(true);
    await outbox.flush();
    expect(server.transport.photo).toHaveBeenLastCalledWith({
      jobId: 3,
      kind: 'before',
      name: 'before-J1.jpg',
      contentBase64: 'data:image/jpeg;base64,AAAA',
    });
    const [kept] = await store.all();
    expect(kept).toMatchObject({ status: 'applied', photo: { contentBase64: '' } });
  });

  it('files actions under the signed-in user and sends only theirs', async () => {
    const server = fakeServer();
    const store = memoryStore();
    const { outbox } = outboxFor(server.transport, store);
    outbox.userId = 8;
    server.setOnline(false);
    await outbox.add({ type: 'punch', kind: 'clockIn' });
    outbox.userId = 7;
    server.setOnline(true);
    await outbox.flush();
    expect(server.applied.size).toBe(0);
    expect((await store.all()).map((e) => [e.userId, e.status])).toEqual([[8, 'pending']]);
  });
});
