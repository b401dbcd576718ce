import { describe, expect, it } from 'vitest';
import { daysNotWorked } from './ApproveEmployeeModal';

const period = { start: '2026-11-22', end: '2026-11-28' };

describe('days of a pay period not worked yet', () => {
  it('are today (while its office day is open) and every day after it', () => {
    expect(daysNotWorked(period, '2026-11-26', false)).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('leave out today once its office day is closed', () => {
    expect(daysNotWorked(period, '2026-11-26', true)).toEqual(['2026-11-27', '2026-11-28']);
  });

  it('are none in a period that is over, and all of a period that has not begun', () => {
    expect(daysNotWorked(period, '2026-12-01', false)).toEqual([]);
    expect(daysNotWorked(period, '2026-11-20', false)).toHaveLength(7);
  });
});
