import { rruleOf } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { recurrenceInWords, zhNumber } from './recurrenceWords';

const both = (rrule: string) => [recurrenceInWords(rrule, 'en'), recurrenceInWords(rrule, 'zh')];

describe('recurrence in words', () => {
  it('says the weekly family with its interval (the issue: FREQ=WEEKLY;INTERVAL=2;BYDAY=TU)', () => {
    expect(both('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')).toEqual(['Every 2 weeks on Tuesday', '每两周的周二']);
    expect(both('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR')).toEqual(['Every week on Friday', '每周五']);
    expect(both('FREQ=WEEKLY;INTERVAL=3;BYDAY=SU')).toEqual(['Every 3 weeks on Sunday', '每三周的周日']);
    expect(both('FREQ=WEEKLY;INTERVAL=12;BYDAY=MO')).toEqual(['Every 12 weeks on Monday', '每十二周的周一']);
  });

  it('lists several days', () => {
    expect(both('FREQ=WEEKLY;BYDAY=MO,WE,FR')).toEqual(['Every week on Monday, Wednesday, Friday', '每周一、周三、周五']);
    expect(both('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH')).toEqual(['Every 2 weeks on Tuesday, Thursday', '每两周的周二、周四']);
  });

  it('says daily and monthly patterns, and one time', () => {
    expect(both('FREQ=DAILY')).toEqual(['Every day', '每天']);
    expect(both('FREQ=DAILY;INTERVAL=3')).toEqual(['Every 3 days', '每三天']);
    expect(both('FREQ=MONTHLY;BYDAY=+2TU')).toEqual(['Every month on the 2nd Tuesday', '每月第二个周二']);
    expect(both('FREQ=MONTHLY;BYDAY=-1SA')).toEqual(['Every month on the last Saturday', '每月最后一个周六']);
    expect(both('FREQ=MONTHLY;INTERVAL=2;BYDAY=+1MO')).toEqual(['Every 2 months on the 1st Monday', '每两个月的第一个周一']);
    expect(both('FREQ=MONTHLY;BYMONTHDAY=15')).toEqual(['Every month on the 15th', '每月15日']);
    expect(both('FREQ=DAILY;COUNT=1')).toEqual(['Once', '一次']);
  });

  it('reads every frequency the product stores, never as the raw rule', () => {
    for (const frequency of [
      'weekly',
      'biweekly',
      'every_three_weeks',
      'every_four_weeks',
      'monthly',
      'custom',
      'one_time',
    ] as const) {
      const rrule = rruleOf({ frequency, intervalWeeks: 5, startDate: '2026-12-08' });
      for (const text of both(rrule)) expect(text).not.toMatch(/FREQ|BYDAY|=/);
    }
  });

  it('writes Chinese numbers', () => {
    expect([1, 2, 10, 11, 20, 52].map((n) => zhNumber(n))).toEqual(['一', '二', '十', '十一', '二十', '五十二']);
    expect(zhNumber(2, true)).toBe('两');
  });

  it('leaves a rule it cannot read as stored', () => {
    expect(recurrenceInWords('FREQ=WEEKLY;BYDAY=XX', 'zh')).toBe('FREQ=WEEKLY;BYDAY=XX');
  });
});
