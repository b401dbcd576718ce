import type { FieldLocation } from '@tidyhouse/contract';

/**
 * The phone's position when the cleaner allows it: never required, never waited on for long (an
 * action's moment is taken at the tap, before this is asked). None on a plain-HTTP page, where
 * browsers offer no geolocation.
 */
export async function currentLocation(timeoutMs = 4000): Promise<FieldLocation | undefined> {
  if (!('geolocation' in navigator) || !window.isSecureContext) return undefined;
  try {
    const state = await navigator.permissions?.query({ name: 'geolocation' });
    if (state?.state === 'denied') return undefined;
  } catch {
    // No permissions API: ask the position itself.
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ lat: coords.latitude, lng: coords.longitude, accuracyM: Math.min(coords.accuracy, 100_000) });
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 120_000 },
    );
  });
}
