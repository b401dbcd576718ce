import { useQuery } from '@tanstack/react-query';
import type { BusinessProfile } from '@tidyhouse/contract';
import { post } from '@/lib/http';

/** The query of the business profile the header shows; invalidate it after the profile changes. */
export const BUSINESS_PROFILE_QUERY_KEY = ['sysParam', 'businessProfile'] as const;

export function useBusinessProfile() {
  return useQuery({
    queryKey: BUSINESS_PROFILE_QUERY_KEY,
    queryFn: () => post<BusinessProfile>('/sysParam/businessProfile'),
    staleTime: 5 * 60_000,
  });
}
