import { describe, expect, it } from 'vitest';
import { formatMoment } from './dateTime';

describe('formatMoment: every moment in the business time zone, one format per language', () => {
  // 11:23 UTC is 03:23 in Los Angeles (PST) and 06:23 in New York: the browser's zone never counts.
  const at = '2026-11-23T11:23:45.000Z';

  it('writes the business time, not the browser time', () => {
    expect(formatMoment(at, 'America/Los_Angeles', 'zh')).toBe('2026-11-23 03:23');
    expect(formatMoment(at, 'America/New_York', 'zh')).toBe('2026-11-23 06:23');
    expect(formatMoment(at, 'America/Los_Angeles', 'en')).toBe('11/23/2026 3:23 AM');
  });

  it('keeps the same format with seconds or as a day, and the day of the business', () => {
    expect(formatMoment(at, 'America/Los_Angeles', 'en', 'seconds')).toBe('11/23/2026 3:23:45 AM');
    // 02:00 UTC on the 23rd is still the 22nd in California.
    expect(formatMoment('2026-11-23T02:00:00Z', 'America/Los_Angeles', 'zh', 'day')).toBe('2026-11-22');
  });

  it('writes nothing for no moment', () => {
    expect(formatMoment(null, 'America/Los_Angeles', 'en')).toBe('');
    expect(formatMoment('not a time', 'America/Los_Angeles', 'en')).toBe('');
  });
});
