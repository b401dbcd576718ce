import { describe, expect, it } from 'vitest';
import { placeKey, placesCovered, ZMinimumWageAddRequest } from './minimum-wages';

describe('minimum wages by jurisdiction', () => {
  it('compares places by name, case, spaces and dots aside', () => {
    expect(placeKey('  Mountain   VIEW ')).toBe('mountain view');
    expect(placeKey('So. San Francisco')).toBe('so san francisco');
    expect(placeKey('')).toBe('');
  });

  it('covers everywhere for the state, the city itself for a city, the listed places for a county', () => {
    expect(placesCovered({ scope: 'state', jurisdiction: 'California', places: [] })).toBeNull();
    expect(placesCovered({ scope: 'city', jurisdiction: 'Mountain View', places: ['x'] })).toEqual(['mountain view']);
    expect(placesCovered({ scope: 'county', jurisdiction: 'San Mateo County', places: ['El Granada'] })).toEqual(['el granada']);
  });

  it("reads a rate without a scope as the state's, and refuses a city without its name or a county without places", () => {
    expect(ZMinimumWageAddRequest.parse({ effectiveFrom: '2027-01-01', centsPerHour: 1750 })).toEqual({
      effectiveFrom: '2027-01-01',
      centsPerHour: 1750,
      scope: 'state',
      jurisdiction: 'California',
      places: [],
      minEmployees: 0,
    });
    const city = ZMinimumWageAddRequest.safeParse({ effectiveFrom: '2027-01-01', centsPerHour: 1750, scope: 'city' });
    expect(city.success ? null : city.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['jurisdiction', 'validation.jurisdictionRequired'],
    ]);
    const county = ZMinimumWageAddRequest.safeParse({
      effectiveFrom: '2027-01-01',
      centsPerHour: 1750,
      scope: 'county',
      jurisdiction: 'San Mateo County',
    });
    expect(county.success ? null : county.error.issues.map((i) => i.path.join('.'))).toEqual(['places']);
    // A city's places are its own name: a list sent with it is not kept.
    expect(
      ZMinimumWageAddRequest.parse({
        effectiveFrom: '2027-01-01',
        centsPerHour: 1750,
        scope: 'city',
        jurisdiction: 'Hayward',
        places: ['x'],
        minEmployees: 26,
      }),
    ).toMatchObject({ jurisdiction: 'Hayward', places: [], minEmployees: 26 });
  });
});
