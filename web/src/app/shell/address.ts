import type { BusinessProfile } from '@tidyhouse/contract';

/** "street suite, city, state zip", leaving out the parts that are empty. */
export function formatBusinessAddress(profile: Pick<BusinessProfile, 'street' | 'suite' | 'city' | 'state' | 'zip'>): string {
  const line1 = [profile.street, profile.suite]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const stateZip = [profile.state, profile.zip]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [line1, profile.city.trim(), stateZip].filter(Boolean).join(', ');
}
