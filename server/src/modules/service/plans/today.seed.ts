import { rruleOf } from '@tidyhouse/contract';
import { occurrencesBetween } from './recurrence';

/** Jobs every crew has on the demo's today, so each cleaner's field app opens on a working day. */
export const TODAY_VISITS_PER_TEAM = 2;

/**
 * Arrival windows tried for the added visits, in order; a window is taken only when it starts at
 * least MIN_GAP_MINUTES away from the team's other visits of the day, so the added jobs neither
 * overlap them nor flag a schedule conflict.
 */
const CANDIDATE_WINDOWS = [
  [8 * 60, 10 * 60],
  [13 * 60, 15 * 60],
  [10 * 60 + 30, 12 * 60 + 30],
  [15 * 60 + 30, 17 * 60 + 30],
] as const;
const MIN_GAP_MINUTES = 150;
/** Three hours of work: an hour on site for a crew of three. */
const VISIT_BUDGET_MINUTES = 180;

interface PlannedVisit {
  rrule: string;
  patternFrom: string;
  status: string;
  preferredTeamId: number | null;
  windowStartMinutes: number | null;
}

export interface SpareHome {
  id: number;
  customerId: number;
  sqft: number | null;
  teamId: number | null;
}

/**
 * One-time visits on `today` for the teams whose plans visit fewer than TODAY_VISITS_PER_TEAM homes
 * that day (the demo's plans are dated relative to today, so which teams they fill depends on the
 * calendar). Each goes to a spare home (a customer without a plan), that customer's own team first.
 * Pure: returns the plans' values for the seed to insert with the others.
 */
export function todayVisitPlans(
  today: string,
  plans: readonly PlannedVisit[],
  teamIds: readonly number[],
  spareHomes: readonly SpareHome[],
  reference: () => string,
) {
  const starts = new Map<number, number[]>(teamIds.map((id) => [id, []]));
  for (const plan of plans) {
    if (plan.status !== 'used' || plan.preferredTeamId === null || plan.windowStartMinutes === null) continue;
    if (occurrencesBetween(plan, today, today).length === 0) continue;
    starts.get(plan.preferredTeamId)?.push(plan.windowStartMinutes);
  }
  const unused = [...spareHomes];
  const takeHome = (teamId: number) => {
    const index = Math.max(
      0,
      unused.findIndex((home) => home.teamId === teamId),
    );
    return unused.splice(index, 1)[0];
  };
  const added = [];
  for (const teamId of teamIds) {
    const taken = starts.get(teamId)!;
    for (const [windowStart, windowEnd] of CANDIDATE_WINDOWS) {
      if (taken.length >= TODAY_VISITS_PER_TEAM) break;
      if (taken.some((start) => Math.abs(start - windowStart) < MIN_GAP_MINUTES)) continue;
      const home = takeHome(teamId);
      if (!home) return added;
      taken.push(windowStart);
      added.push({
        reference: reference(),
        customerId: home.customerId,
        locationId: home.id,
        frequency: 'one_time' as const,
        intervalWeeks: null,
        rrule: rruleOf({ frequency: 'one_time', startDate: today }),
        startDate: today,
        patternFrom: today,
        status: 'used' as const,
        statusReason: '',
        statusChangedAt: null,
        servicePriceCents: Math.round((9000 + (home.sqft ?? 1800) * 6) / 500) * 500,
        budgetMinutes: VISIT_BUDGET_MINUTES,
        preferredTeamId: teamId,
        windowStartMinutes: windowStart,
        windowEndMinutes: windowEnd,
        notes: 'Booked this week: first visit, please walk through with the customer.',
      });
    }
  }
  return added;
}
