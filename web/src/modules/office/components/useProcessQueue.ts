import { useQueryClient } from '@tanstack/react-query';
import { CARD_PROCESS_BATCH_MAX, type CardQueueProcessResponse } from '@tidyhouse/contract';
import { useState } from 'react';
import { listQueryKey } from '@/components/ListPage';
import { post } from '@/lib/http';

export const QUEUE_LIST_URL = '/cardQueue/queryList';
/** Small batches, so the progress bar moves as cards are charged. */
const BATCH = Math.min(5, CARD_PROCESS_BATCH_MAX);

export interface ProcessRun {
  total: number;
  done: number;
  approved: number;
  failed: number;
  /** Held by another browser or server, or no longer pending. */
  skipped: number;
  /** The gateway could not be reached: still pending. */
  later: number;
  finished: boolean;
  error: boolean;
}

/** Charges the given entries in batches through /cardQueue/process and counts the outcomes. */
export function useProcessQueue() {
  const client = useQueryClient();
  const [run, setRun] = useState<ProcessRun | null>(null);
  const start = async (ids: number[]) => {
    let state: ProcessRun = {
      total: ids.length,
      done: 0,
      approved: 0,
      failed: 0,
      skipped: 0,
      later: 0,
      finished: false,
      error: false,
    };
    setRun(state);
    try {
      for (let i = 0; i < ids.length; i += BATCH) {
        const { results } = await post<CardQueueProcessResponse>('/cardQueue/process', { ids: ids.slice(i, i + BATCH) });
        const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
        state = {
          ...state,
          done: state.done + results.length,
          approved: state.approved + count('approved'),
          failed: state.failed + count('failed'),
          skipped: state.skipped + count('skipped'),
          later: state.later + count('retryLater'),
        };
        setRun(state);
      }
      setRun({ ...state, finished: true });
    } catch {
      setRun({ ...state, finished: true, error: true });
    } finally {
      void client.invalidateQueries({ queryKey: listQueryKey(QUEUE_LIST_URL) });
    }
  };
  return { run, start, close: () => setRun(null) };
}
