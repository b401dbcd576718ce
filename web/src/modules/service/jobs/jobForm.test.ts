import { calculateJobCosting, type JobDetail, ZJobModifyRequest, ZJobSaveLinesRequest } from '@tidyhouse/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { stateRequest } from './JobActions';
import { jobFiltersToExport, jobFiltersToRequest } from './jobFilters';
import { costingInputOf, jobToForm, jobToModifyRequest, linesToRequest, pricedItemToValues } from './jobForm';

const job = {
  id: 41,
  version: 3,
  team: { id: 2, name: 'Blue', color: '#1677ff' },
  preferredTeam: null,
  windowStart: '08:00',
  windowEnd: '10:30',
  serviceDate: '2026-03-08',
  startTime: '09:00',
  durationMinutes: 150,
  customerAtHome: true,
  assignee: { id: 7, name: 'Ada' },
  drivingDistanceTenthMiles: 125,
  pricePerMinuteCents: 85,
  flatRateCents: null,
  couponCode: 'SPRING',
  couponCents: 1000,
  discountCents: 0,
  notes: 'gate at the back',
  costing: { salesTaxBps: 925 },
} as unknown as JobDetail['job'];

describe('job form', () => {
  it('round-trips a job: wall-clock times stay as typed, money in cents, miles in tenths', () => {
    const request = jobToModifyRequest(jobToForm(job), job);
    expect(request).toEqual({
      id: 41,
      version: 3,
      teamId: 2,
      preferredTeamId: null,
      windowStart: '08:00',
      windowEnd: '10:30',
      serviceDate: '2026-03-08',
      startTime: '09:00',
      durationMinutes: 150,
      customerAtHome: true,
      assigneeId: 7,
      drivingDistanceTenthMiles: 125,
      pricePerMinuteCents: 85,
      flatRateCents: null,
      couponCode: 'SPRING',
      couponCents: 1000,
      discountCents: 0,
      notes: 'gate at the back',
    });
    expect(ZJobModifyRequest.safeParse(request).success).toBe(true);
  });

  it('sends kept lines by id and new ones with the rate the screen showed', () => {
    const added = pricedItemToValues(
      {
        id: 9,
        kind: 'addon',
        nameEn: 'Inside oven',
        nameZh: '烤箱内部',
        taxable: true,
        sortOrder: 1,
        effectiveFrom: '2026-01-01',
        inHomeMinutes: 30,
        unitPriceCents: 500,
      },
      2,
    );
    const lines = linesToRequest([
      { id: 5, quantity: 3, free: true, freeReason: ' goodwill ' },
      added,
      { id: 6, quantity: 1, free: false, freeReason: 'stale' },
    ]);
    expect(lines).toEqual([
      { id: 5, quantity: 3, free: true, freeReason: 'goodwill' },
      { priceItemId: 9, quantity: 2, free: false, freeReason: '', rateEffectiveFrom: '2026-01-01' },
      { id: 6, quantity: 1, free: false, freeReason: '' },
    ]);
    expect(ZJobSaveLinesRequest.safeParse({ id: 1, version: 1, lines }).success).toBe(true);
  });

  it('feeds the contract costing one line per row, a row still being picked counting as nothing', () => {
    const input = costingInputOf(
      [
        { minutesEach: 60, unitPriceCents: 0, quantity: 2, taxable: true },
        { priceItemId: null, quantity: 4 },
        { minutesEach: 30, unitPriceCents: 500, quantity: 1, taxable: false, free: true },
      ],
      { job, labor: [{ userId: 1, name: 'A', plannedMinutes: 150, hourlyRateCents: 2400, hasRate: true }] },
    );
    const costing = calculateJobCosting(input);
    // 2 × 60 min × $0.85 = $102.00; the free line costs nothing; $10 coupon; 9.25 % tax on the taxable share.
    expect(costing.lineAmountsCents).toEqual([10_200, 0, 0]);
    expect(costing.subtotalCents).toBe(9_200);
    expect(costing.taxesCents).toBe(851);
    expect(costing.projectedLaborCents).toBe(6_000);
    expect(costing.lineMinutes).toBe(150);
  });

  it('builds each status change with what it needs', () => {
    const ref = { id: 41, version: 3 };
    expect(
      stateRequest('scheduled', { teamId: 2, serviceDate: dayjs('2026-03-08'), startTime: dayjs('2000-01-01T09:00:00') }, ref),
    ).toEqual({ ...ref, status: 'scheduled', teamId: 2, serviceDate: '2026-03-08', startTime: '09:00' });
    expect(stateRequest('completed', { actualMinutes: 170 }, ref)).toEqual({ ...ref, status: 'completed', actualMinutes: 170 });
    expect(stateRequest('cancelled', { reason: 'weather', note: ' storm ', fee: '25.00' }, ref)).toEqual({
      ...ref,
      status: 'cancelled',
      reason: 'weather',
      note: 'storm',
      feeCents: 2500,
    });
  });

  it('turns the search form into list filters and export parameters', () => {
    const filters = {
      keyword: '  J-26 ',
      dates: [dayjs('2026-01-01'), null] as [dayjs.Dayjs, null],
      statuses: ['scheduled' as const, 'completed' as const],
      teamId: 0,
    };
    expect(jobFiltersToRequest(filters)).toEqual({
      keyword: 'J-26',
      dateFrom: '2026-01-01',
      statuses: ['scheduled', 'completed'],
      teamId: 0,
    });
    expect(jobFiltersToExport(filters)).toEqual({
      keyword: 'J-26',
      dateFrom: '2026-01-01',
      statuses: 'scheduled,completed',
      teamId: 0,
      sortOrder: undefined,
    });
  });
});
