import { type FieldActionResult, type FieldPhotoInput, type FieldSyncResult, SESSION_ENDING_CODES } from '@tidyhouse/contract';
import { openDB } from 'idb';
import { callApi, FieldApiError, isRetryable } from './api';
import {
  type ActionInput,
  actionEntry,
  nextBatch,
  type OutboxEntry,
  pendingOf,
  photoEntry,
  prunable,
  type SyncAction,
  settle,
} from './queue';

/** Where the outbox keeps its entries: IndexedDB on the phone, a Map in tests. */
export interface OutboxStore {
  all(): Promise<OutboxEntry[]>;
  put(entries: OutboxEntry[]): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

const DB_NAME = 'tidyhouse-field';
const STORE = 'outbox';

/** IndexedDB on the phone; where a browser refuses it (some private modes), memory: the app still works online. */
export function indexedDbStore(): OutboxStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  const db = openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore(STORE, { keyPath: 'key' });
    },
  });
  const fallback = memoryStore();
  const store: OutboxStore = {
    all: async () => (await db).getAll(STORE),
    async put(entries) {
      const tx = (await db).transaction(STORE, 'readwrite');
      await Promise.all([...entries.map((e) => tx.store.put(e)), tx.done]);
    },
    async remove(keys) {
      const tx = (await db).transaction(STORE, 'readwrite');
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
  };
  const opened = db.then(
    () => store,
    () => fallback,
  );
  return {
    all: async () => (await opened).all(),
    put: async (entries) => (await opened).put(entries),
    remove: async (keys) => (await opened).remove(keys),
  };
}

export function memoryStore(): OutboxStore {
  const map = new Map<string, OutboxEntry>();
  return {
    all: async () => [...map.values()].map((e) => structuredClone(e)),
    async put(entries) {
      for (const entry of entries) map.set(entry.key, structuredClone(entry));
    },
    async remove(keys) {
      for (const key of keys) map.delete(key);
    },
  };
}

export interface OutboxTransport {
  sync(actions: SyncAction[]): Promise<FieldActionResult[]>;
  photo(photo: FieldPhotoInput): Promise<unknown>;
}

export const apiTransport: OutboxTransport = {
  sync: async (actions) => (await callApi<FieldSyncResult>('/field/sync', { actions })).results,
  photo: (photo) => callApi('/field/photo', photo),
};

export interface OutboxSnapshot {
  entries: OutboxEntry[];
  pending: number;
}

/**
 * Keeps every action first, then tries to send: at once when online, again on the browser's
 * `online` event and on a timer while something waits. A lost answer leaves the entry waiting; the
 * next send carries the same key, which the server answers as a duplicate without applying it twice.
 */
export class Outbox {
  private snapshot: OutboxSnapshot = { entries: [], pending: 0 };
  private readonly listeners = new Set<(snapshot: OutboxSnapshot, settled: OutboxEntry[]) => void>();
  private sending: Promise<void> | null = null;
  private again = false;
  private seq = 0;
  userId: number | null = null;

  constructor(
    private readonly store: OutboxStore,
    private readonly transport: OutboxTransport,
    private readonly now: () => Date = () => new Date(),
  ) {}

  subscribe(listener: (snapshot: OutboxSnapshot, settled: OutboxEntry[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /** Reads storage and tells the listeners; `settled` are the entries this round answered. */
  async refresh(settled: OutboxEntry[] = []): Promise<void> {
    const entries = await this.store.all();
    const mine = this.userId === null ? [] : entries.filter((e) => e.userId === this.userId);
    this.snapshot = { entries: mine, pending: this.userId === null ? 0 : pendingOf(entries, this.userId).length };
    for (const listener of this.listeners) listener(this.snapshot, settled);
  }

  /** Keeps an action with the moment it happened (`at`, taken when the cleaner tapped), then sends. */
  async add(input: ActionInput, at: Date = this.now()): Promise<OutboxEntry> {
    return this.keep(actionEntry(input, this.requireUser(), at, this.seq++));
  }

  async addPhoto(photo: FieldPhotoInput, at: Date = this.now()): Promise<OutboxEntry> {
    return this.keep(photoEntry(photo, this.requireUser(), at, this.seq++));
  }

  private requireUser(): number {
    if (this.userId === null) throw new Error('outbox used before sign-in');
    return this.userId;
  }

  private async keep(entry: OutboxEntry): Promise<OutboxEntry> {
    await this.store.put([entry]);
    await this.refresh();
    void this.flush();
    return entry;
  }

  /** Sends what waits; one round at a time (a call meanwhile asks for one more round). */
  flush(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return this.sending;
    }
    this.sending = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again);
      } finally {
        this.sending = null;
      }
    })();
    return this.sending;
  }

  private async round(): Promise<void> {
    if (this.userId === null) return;
    const settled: OutboxEntry[] = [];
    try {
      let batch = nextBatch(await this.store.all(), this.userId);
      while (batch.length > 0) {
        const done = await this.sendBatch(batch);
        settled.push(...done);
        // An answer that settles nothing of its batch would loop forever: stop and retry later.
        if (done.length === 0) break;
        batch = nextBatch(await this.store.all(), this.userId);
      }
      for (const entry of pendingOf(await this.store.all(), this.userId).filter((e) => e.photo)) {
        settled.push(await this.sendPhoto(entry));
      }
    } catch (error) {
      if (!isRetryable(error) && !(error instanceof FieldApiError)) throw error;
      // Offline or the session ended: everything not settled stays waiting.
    } finally {
      const entries = await this.store.all();
      await this.store.remove(prunable(entries));
      await this.refresh(settled);
    }
  }

  private async sendBatch(batch: OutboxEntry[]): Promise<OutboxEntry[]> {
    try {
      const results = await this.transport.sync(batch.flatMap((e) => (e.action ? [e.action] : [])));
      const done = settle(batch, results, this.now());
      await this.store.put(done);
      return done;
    } catch (error) {
      if (isRetryable(error) || !(error instanceof FieldApiError) || isSessionEnd(error)) throw error;
      // The whole batch refused (bad input somewhere): one action at a time, so one bad one cannot hold the rest.
      if (batch.length > 1) {
        const done: OutboxEntry[] = [];
        for (const entry of batch) done.push(...(await this.sendBatch([entry])));
        return done;
      }
      const refused = [{ ...batch[0]!, status: 'refused' as const, message: error.message, settledAt: this.now().toISOString() }];
      await this.store.put(refused);
      return refused;
    }
  }

  private async sendPhoto(entry: OutboxEntry): Promise<OutboxEntry> {
    let done: OutboxEntry;
    try {
      await this.transport.photo(entry.photo!);
      done = { ...entry, status: 'applied', settledAt: this.now().toISOString() };
    } catch (error) {
      if (isRetryable(error) || !(error instanceof FieldApiError) || isSessionEnd(error)) throw error;
      done = { ...entry, status: 'refused', message: error.message, settledAt: this.now().toISOString() };
    }
    // The photo's bytes are not kept once it is settled: only its outcome.
    const { photo: _sent, ...rest } = done;
    const kept = { ...rest, photo: { ...entry.photo!, contentBase64: '' } };
    await this.store.put([kept]);
    return kept;
  }
}

function isSessionEnd(error: FieldApiError): boolean {
  return SESSION_ENDING_CODES.includes(error.code);
}

/** Sends on the `online` event, when the app comes back to the screen, and every `everyMs` while something waits. */
export function keepSending(outbox: Outbox, everyMs = 30_000): () => void {
  const send = () => {
    if (outbox.getSnapshot().pending > 0) void outbox.flush();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') send();
  };
  window.addEventListener('online', send);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(send, everyMs);
  return () => {
    window.removeEventListener('online', send);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
  };
}
