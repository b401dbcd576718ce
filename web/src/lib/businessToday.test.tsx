import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { businessProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { businessDateAt, businessToday, useBusinessDate, useBusinessToday } from './dateTime';

function Today() {
  return <span>{`${useBusinessDate()} ${useBusinessToday().format('YYYY-MM-DD')}`}</span>;
}

describe('business today: the browser clock read in the business time zone, whatever the browser zone', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = browserZone;
  });

  // 04:24 UTC is 8:24 PM the day before in California; 05:30 UTC is 12:30 AM in New York, 9:30 PM in California.
  it.each([
    ['UTC', '2026-11-27T04:24:00Z'],
    ['America/New_York', '2026-11-27T05:30:00Z'],
  ])('proposes the Pacific date with the browser on %s', (zone, now) => {
    process.env.TZ = zone;
    vi.useFakeTimers({ now: new Date(now), toFake: ['Date'] });
    // The premise: the browser is in that zone and its own calendar is already on the 27th.
    expect(new Date().getTimezoneOffset()).toBe(zone === 'UTC' ? 0 : 300);
    expect(dayjs().format('YYYY-MM-DD')).toBe('2026-11-27');
    expect(businessDateAt('America/Los_Angeles')).toBe('2026-11-26');
    expect(businessToday('America/Los_Angeles').format('YYYY-MM-DD')).toBe('2026-11-26');
    expect(businessDateAt('America/New_York')).toBe(zone === 'UTC' ? '2026-11-26' : '2026-11-27');
  });

  it("reads the zone of the server's business profile", async () => {
    process.env.TZ = 'UTC';
    // 09:30 UTC: 1:30 AM on the 27th in California, still 11:30 PM on the 26th in Honolulu.
    vi.useFakeTimers({ now: new Date('2026-11-27T09:30:00Z'), toFake: ['Date'] });
    mockApi({ '/sysParam/businessProfile': { data: { ...businessProfile, timeZone: 'Pacific/Honolulu' } } });
    renderWithProviders(<Today />);
    // Before the profile arrives the default zone (California) says the 27th; then Honolulu's date.
    expect(await screen.findByText('2026-11-26 2026-11-26')).toBeTruthy();
  });
});
