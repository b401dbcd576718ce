import { type PlanDetail, ZPlanAddRequest, ZPlanChangeRequest } from '@tidyhouse/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { planFilters } from './PlanListPage';
import { NEW_PLAN, planToAddRequest, planToChangeForm, planToChangeRequest } from './planForm';

const plan = {
  id: 12,
  version: 5,
  frequency: 'monthly',
  intervalWeeks: null,
  servicePriceCents: 18_950,
  budgetMinutes: 240,
  durationMinutes: null,
  preferredTeam: { id: 3, name: 'Green', color: '#00aa00' },
  windowStart: '09:00',
  windowEnd: '11:00',
  endDate: null,
  lines: [{ priceItemId: 8, kind: 'item', nameEn: 'Bedroom', nameZh: '卧室', quantity: 3 }],
} as unknown as PlanDetail;

describe('plan forms', () => {
  it('adds a plan: money in cents, wall-clock window, default lines without the half-picked ones', () => {
    const request = planToAddRequest({
      ...NEW_PLAN,
      customerId: 4,
      locationId: 9,
      startDate: dayjs('2026-12-08'),
      frequency: 'custom',
      intervalWeeks: 5,
      servicePrice: '165.5',
      budgetMinutes: 200,
      windowStart: dayjs('2000-01-01T08:30:00'),
      windowEnd: dayjs('2000-01-01T10:00:00'),
      lines: [{ priceItemId: 8, quantity: 2 }, { quantity: 1 }],
      notes: ' side door ',
    });
    expect(request).toMatchObject({
      locationId: 9,
      startDate: '2026-12-08',
      frequency: 'custom',
      intervalWeeks: 5,
      servicePriceCents: 16_550,
      budgetMinutes: 200,
      durationMinutes: null,
      windowStart: '08:30',
      windowEnd: '10:00',
      lines: [{ priceItemId: 8, quantity: 2 }],
      notes: 'side door',
    });
    expect(ZPlanAddRequest.safeParse(request).success).toBe(true);
  });

  it('an add without a start date is refused by the contract with the spec message', () => {
    const parsed = ZPlanAddRequest.safeParse(planToAddRequest({ ...NEW_PLAN, locationId: 9, servicePrice: '100' }));
    expect(parsed.error?.issues.find((issue) => issue.path[0] === 'startDate')?.message).toBe('validation.startDateRequired');
  });

  it('a change from a date starts from the plan as it is and sends its version', () => {
    const values = planToChangeForm(plan, '2027-01-05');
    const request = planToChangeRequest({ ...values, servicePrice: '199.00' }, plan);
    expect(request).toEqual({
      id: 12,
      version: 5,
      fromDate: '2027-01-05',
      newPattern: false,
      frequency: 'monthly',
      intervalWeeks: null,
      servicePriceCents: 19_900,
      budgetMinutes: 240,
      durationMinutes: null,
      preferredTeamId: 3,
      windowStart: '09:00',
      windowEnd: '11:00',
      endDate: null,
      lines: [{ priceItemId: 8, quantity: 3 }],
    });
    expect(ZPlanChangeRequest.safeParse(request).success).toBe(true);
    expect(planToChangeRequest({ ...values, newPattern: true }, plan).newPattern).toBe(true);
  });

  it('sends only the filters given', () => {
    expect(planFilters({ keyword: '  ', status: 'used', teamId: undefined })).toEqual({ status: 'used' });
  });
});
