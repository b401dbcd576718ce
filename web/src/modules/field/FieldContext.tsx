import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { currentLocation } from './location';
import type { Outbox, OutboxSnapshot } from './outbox';
import { type ActionInput, needsAttention, type OutboxEntry } from './queue';

/** What every screen of the field app reaches: the outbox, its waiting count and what it last settled. */
interface FieldContextValue {
  outbox: Outbox;
  snapshot: OutboxSnapshot;
  /** Grows each time the outbox settles something: screens reload the day. */
  version: number;
  /** Conflicts and refusals not yet dismissed by the cleaner. */
  attention: OutboxEntry[];
  dismiss: () => void;
  /** While an action waits for the phone's position: its buttons wait too (no second tap makes a second action). */
  busy: boolean;
  /** Keeps an action with the moment of the tap (and the position, when allowed) and sends it. */
  act: (input: ActionInput, opts?: { locate?: boolean }) => Promise<OutboxEntry>;
}

const FieldContext = createContext<FieldContextValue | null>(null);

export function FieldProvider({ outbox, children }: { outbox: Outbox; children: ReactNode }) {
  const snapshot = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.getSnapshot(),
  );
  const [version, setVersion] = useState(0);
  const [attention, setAttention] = useState<OutboxEntry[]>([]);
  const [busy, setBusy] = useState(0);

  useEffect(() => {
    const stop = outbox.subscribe((_snapshot, settled) => {
      if (settled.length === 0) return;
      setVersion((n) => n + 1);
      const told = settled.filter(needsAttention);
      if (told.length > 0) setAttention((shown) => [...shown, ...told]);
    });
    void outbox.refresh().then(() => outbox.flush());
    return stop;
  }, [outbox]);

  const act = useCallback(
    async (input: ActionInput, { locate = false } = {}) => {
      const at = new Date();
      setBusy((n) => n + 1);
      try {
        const location = locate ? await currentLocation() : undefined;
        return await outbox.add(location ? { ...input, location } : input, at);
      } finally {
        setBusy((n) => n - 1);
      }
    },
    [outbox],
  );
  const dismiss = useCallback(() => setAttention([]), []);

  const value = useMemo(
    () => ({ outbox, snapshot, version, attention, dismiss, busy: busy > 0, act }),
    [outbox, snapshot, version, attention, dismiss, busy, act],
  );
  return <FieldContext.Provider value={value}>{children}</FieldContext.Provider>;
}

export function useField(): FieldContextValue {
  const value = useContext(FieldContext);
  if (!value) throw new Error('useField outside FieldProvider');
  return value;
}
