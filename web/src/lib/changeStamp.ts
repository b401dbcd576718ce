import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** How often an open screen asks whether its data changed (another user's change shows within this). */
export const STAMP_POLL_MS = 3000;

/**
 * Polls a change stamp (a tiny query) every few seconds while the page is visible; when a poll
 * answers a stamp other than the one the screen's data was loaded with, `onChange` reloads that
 * data. Only a newly polled stamp counts, so the screen's own change (whose answer already carries
 * the new stamp) causes no second reload.
 */
export function useChangeStamp(options: {
  queryKey: QueryKey;
  fetchStamp: () => Promise<{ stamp: string }>;
  loadedStamp: string | undefined;
  onChange: () => void;
}) {
  const { queryKey, fetchStamp, loadedStamp, onChange } = options;
  const polled = useQuery({
    queryKey,
    queryFn: fetchStamp,
    refetchInterval: STAMP_POLL_MS,
    refetchIntervalInBackground: false,
    enabled: loadedStamp !== undefined,
  });
  const current = polled.data?.stamp;
  const latest = useRef({ loadedStamp, onChange });
  latest.current = { loadedStamp, onChange };
  useEffect(() => {
    const { loadedStamp: loaded, onChange: reload } = latest.current;
    if (current && loaded && current !== loaded) reload();
  }, [current]);
}
