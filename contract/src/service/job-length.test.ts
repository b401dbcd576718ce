import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardDuration } from './board';
import { jobLength, jobLengthOf, jobLengthText } from './job-length';

describe('jobLength', () => {
  it('shares the person-minutes among the members of the day, rounding up', () => {
    expect(jobLength({ personMinutes: 345, members: 3 })).toEqual({ personMinutes: 345, members: 3, wallMinutes: 115 });
    // J-2612-0061 after a member moves away for the day: the same work, fewer hands.
    expect(jobLength({ personMinutes: 345, members: 2 })).toEqual({ personMinutes: 345, members: 2, wallMinutes: 173 });
    expect(jobLength({ personMinutes: 240, members: 3 }).wallMinutes).toBe(80);
  });

  it('counts at least one member and never draws a job shorter than the board step', () => {
    expect(jobLength({ personMinutes: 120, members: 0 })).toEqual({ personMinutes: 120, members: 1, wallMinutes: 120 });
    expect(jobLength({ personMinutes: 20, members: 4 }).wallMinutes).toBe(15);
  });

  it('keeps the person-minutes whatever the crew, and the wall time covers them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1440 }), fc.integer({ min: 1, max: 8 }), (personMinutes, members) => {
        const length = jobLength({ personMinutes, members });
        expect(length.personMinutes).toBe(personMinutes);
        expect(length.wallMinutes * members).toBeGreaterThanOrEqual(personMinutes);
        // Rounded up by less than a minute each: one minute less would not cover them.
        if (length.wallMinutes > 15) expect((length.wallMinutes - 1) * members).toBeLessThan(personMinutes);
      }),
    );
  });
});

describe('jobLengthOf', () => {
  it('takes a resize over the pricing lines, and the lines over the stored length', () => {
    expect(jobLengthOf({ plannedMinutes: 300, quotedMinutes: 240, durationMinutes: 80 }, 2).wallMinutes).toBe(150);
    expect(jobLengthOf({ plannedMinutes: null, quotedMinutes: 240, durationMinutes: 80 }, 2).wallMinutes).toBe(120);
  });

  it('keeps the typed time on site of a job without lines, whatever the crew', () => {
    expect(jobLengthOf({ plannedMinutes: null, quotedMinutes: 0, durationMinutes: 90 }, 3)).toEqual({
      personMinutes: 270,
      members: 3,
      wallMinutes: 90,
    });
  });

  it('is what the board draws', () => {
    expect(boardDuration(345, 1, 115)).toBe(
      jobLengthOf({ plannedMinutes: 345, quotedMinutes: 0, durationMinutes: 115 }, 1).wallMinutes,
    );
    expect(boardDuration(null, 3, 10)).toBe(15);
  });
});

describe('jobLengthText', () => {
  it('says which length is which, in both languages', () => {
    const length = jobLength({ personMinutes: 360, members: 3 });
    expect(jobLengthText(length, 'en')).toBe('2 h on site · 3 cleaners · 6 h of work');
    expect(jobLengthText(length, 'zh')).toBe('上门 2 小时 · 3 名保洁员 · 共 6 小时工时');
    expect(jobLengthText(jobLength({ personMinutes: 345, members: 1 }), 'en')).toBe(
      '5 h 45 min on site · 1 cleaner · 5 h 45 min of work',
    );
    expect(jobLengthText(jobLength({ personMinutes: 40, members: 1 }), 'zh')).toBe('上门 40 分钟 · 1 名保洁员 · 共 40 分钟工时');
  });
});
