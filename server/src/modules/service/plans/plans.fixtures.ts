import { addDays, Code, DEFAULT_TIME_ZONE, type PlanSaved, todayIn } from '@tidyhouse/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/helper';
import { locationWith, priceItemIdOf } from '../../customers/customers.fixtures';
import { teamOf } from '../../employees/test-support';
import { jobs } from '../jobs/jobs.tables';

/** Test data of service plans and tasks (reads of the seeded demo, and valid bodies). */

export const today = () => todayIn(DEFAULT_TIME_ZONE);
export const inDays = (days: number) => addDays(today(), days);

/** A valid plan body: weekly from tomorrow for a live location, Team Ocean, 09:00–11:00, a kitchen line. */
export async function planBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const location = await locationWith(t, 'true', 'id desc');
  return {
    locationId: location.id,
    startDate: inDays(1),
    frequency: 'weekly',
    servicePriceCents: 16000,
    budgetMinutes: 180,
    preferredTeamId: (await teamOf(t, 'Team Ocean')).id,
    windowStart: '09:00',
    windowEnd: '11:00',
    lines: [{ priceItemId: await priceItemIdOf(t, 'Kitchen'), quantity: 1 }],
    notes: 'Gate code at the office',
    ...overrides,
  };
}

export async function addPlan(t: TestApp, token: string, overrides: Record<string, unknown> = {}): Promise<PlanSaved> {
  const result = await t.call<PlanSaved>('/servicePlan/add', { token, body: await planBody(t, overrides) });
  expect(result.message).toBe('success');
  expect(result.code).toBe(Code.OK);
  return result.data;
}

/** The plan's jobs that hold an occurrence, by occurrence date. */
export const planJobs = (t: TestApp, planId: number) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.planId, planId), isNotNull(jobs.occurrenceDate)))
    .orderBy(asc(jobs.occurrenceDate));

export async function taskBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Vehicle check',
    frequency: 'weekly',
    teamIds: [(await teamOf(t, 'Team Ocean')).id, (await teamOf(t, 'Team Coral')).id],
    startDate: inDays(2),
    startTime: '07:30',
    durationMinutes: 30,
    notes: 'Tires, oil, supplies',
    ...overrides,
  };
}
