import { createRequire } from 'node:module';
import type { LatLng } from '@tidyhouse/contract';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
}
interface ZipcodesModule {
  lookup(zip: string): ZipRecord | undefined;
}

let zipcodes: ZipcodesModule | null = null;

/**
 * The centroid of a US ZIP code from the `zipcodes` package (its data ships in the package: no
 * network). Loaded on first use: the table is 5 MB of JavaScript that most requests never need.
 */
export function zipCentroid(zip: string | null | undefined): LatLng | null {
  const five = zip?.trim().slice(0, 5) ?? '';
  if (!/^\d{5}$/.test(five)) return null;
  zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
  const found = zipcodes.lookup(five);
  return found && Number.isFinite(found.latitude) && Number.isFinite(found.longitude)
    ? { latitude: found.latitude, longitude: found.longitude }
    : null;
}
