import { useQuery } from '@tanstack/react-query';
import type { ZoneLookupResult } from '@tidyhouse/contract';
import type { ReactNode } from 'react';
import { post } from '@/lib/http';
import { ZoneTag } from './ZoneTag';

/**
 * The zone a ZIP code resolves to (where it is primary, else secondary; never an exception), for any
 * screen that shows a location: `data` is null when no active zone serves the ZIP.
 */
export function useZipZone(zip: string | null | undefined) {
  return useQuery({
    queryKey: ['zone', 'lookup', zip],
    queryFn: () => post<ZoneLookupResult>('/zone/lookup', { zip }),
    enabled: Boolean(zip),
    staleTime: 60_000,
  });
}

/** The zone of a ZIP code as a coloured tag; `fallback` (nothing by default) when no zone serves it. */
export function ZipZoneTag({ zip, fallback = null }: { zip: string | null | undefined; fallback?: ReactNode }) {
  const { data } = useZipZone(zip);
  return data ? <ZoneTag zone={data.zone} /> : fallback;
}
