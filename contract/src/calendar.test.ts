import { describe, expect, it } from 'vitest';
import { ZCalendarDate, ZTimeOfDay } from './calendar';
import { addDays, isIsoDate, todayIn } from './dates';
import { ZLeaveAddRequest, ZPayRateAddBatchRequest } from './employee-records';
import { parsePhotoDataUrl, ZEmployeeAddRequest, ZEmployeeModifyRequest } from './employees';

describe('calendar dates', () => {
  it('accepts real days only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(ZCalendarDate.safeParse('2026-04-31').success).toBe(false);
    expect(ZTimeOfDay.safeParse('23:59').success).toBe(true);
    expect(ZTimeOfDay.safeParse('24:00').success).toBe(false);
  });

  it('adds days across months and years, and reads a date in a time zone', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // 06:00 UTC is still the previous evening in California.
    expect(todayIn('America/Los_Angeles', new Date('2026-11-22T06:00:00Z'))).toBe('2026-11-21');
  });
});

describe('employee schemas', () => {
  const base = { uname: 'kim.le', password: 'Kim-pass-1', verifyPassword: 'Kim-pass-1', name: 'Kim Le', roleId: 5 };

  it('turns empty optional text into null and keeps absent fields absent', () => {
    const parsed = ZEmployeeAddRequest.parse({ ...base, phone: '', notes: '  ' });
    expect(parsed.phone).toBeNull();
    expect(parsed.notes).toBeNull();
    expect('location' in parsed ? parsed.location : undefined).toBeUndefined();
    expect(ZEmployeeModifyRequest.parse({ id: 1, version: 1 })).toEqual({ id: 1, version: 1 });
  });

  it('wants the two passwords equal, and the second one when the first is given on modify', () => {
    const mismatch = ZEmployeeAddRequest.safeParse({ ...base, verifyPassword: 'Other-pass-2' });
    expect(mismatch.error?.issues[0]).toMatchObject({ message: 'validation.passwordMismatch', path: ['verifyPassword'] });
    const missing = ZEmployeeModifyRequest.safeParse({ id: 1, version: 1, password: 'Long-enough-1' });
    expect(missing.error?.issues[0]?.message).toBe('validation.verifyPasswordRequired');
  });

  it('reads a photo data URL', () => {
    expect(parsePhotoDataUrl('data:image/webp;base64,UklGRg==')).toEqual({ contentType: 'image/webp', base64: 'UklGRg==' });
    expect(parsePhotoDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
  });
});

describe('leave and pay schemas', () => {
  it('checks leave dates and times together', () => {
    const ok = ZLeaveAddRequest.safeParse({
      userId: 1,
      startDate: '2027-01-05',
      endDate: '2027-01-06',
      allDay: false,
      startTime: '16:00',
      endTime: '09:00',
      reason: 'x',
    });
    expect(ok.success).toBe(true);
    const sameDay = ZLeaveAddRequest.safeParse({
      userId: 1,
      startDate: '2027-01-05',
      endDate: '2027-01-05',
      allDay: false,
      startTime: '16:00',
      endTime: '09:00',
      reason: 'x',
    });
    expect(sameDay.error?.issues.map((i) => i.path.join('.'))).toEqual(['endTime']);
  });

  it('caps hourly rates but not salaries', () => {
    const body = { userIds: [1], rateCents: 60_000, effectiveFrom: '2027-01-01' };
    expect(ZPayRateAddBatchRequest.safeParse({ ...body, payType: 'hourly' }).success).toBe(false);
    expect(ZPayRateAddBatchRequest.safeParse({ ...body, payType: 'salary' }).success).toBe(true);
  });
});
