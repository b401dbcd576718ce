import { addDays, DEFAULT_PLAN_HORIZON_WEEKS, JOB_CANCEL_REASONS, type PlanFrequency, rruleOf } from '@tidyhouse/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { customerLocations, customers } from '../../customers/customers.tables';
import { sysUsers, teams } from '../../employees/employees.tables';
import { priceItems } from '../../system/settings.tables';
import { roles } from '../../system/system.tables';
import { jobs } from '../jobs/jobs.tables';
import { tasks, taskTeams } from '../tasks/tasks.tables';
import { generateForPlans, insertDrafts, jobReferences } from './generation';
import { type JobDraft, PlanJobPricer } from './job-drafts';
import { servicePlanLines, servicePlans } from './plans.tables';
import { occurrencesBetween } from './recurrence';
import { todayVisitPlans } from './today.seed';

/**
 * Demo service data: plans of every frequency for the active demo customers, with three years of
 * jobs behind them (completed and paid, a few cancelled, a few re-cleaned) and the horizon ahead; a
 * few plans paused or cancelled; the internal tasks of the teams. Jobs are drafted in memory (the
 * same PlanJobPricer generation uses, so each has the prices of its own date) and written with
 * multi-row inserts; statuses, payments and re-cleans are set-based SQL. About a second on PGlite.
 */

const PLAN_COUNT = 60;
/** Customers without a plan that today's added visits may go to (today.seed.ts). */
const SPARE_HOMES = 20;
const HISTORY_YEARS = 3;

/** Frequencies in the proportions a maid service sees, each present. */
const FREQUENCY_MIX: readonly [PlanFrequency, number | null][] = [
  ['weekly', null],
  ['biweekly', null],
  ['biweekly', null],
  ['biweekly', null],
  ['every_three_weeks', null],
  ['every_four_weeks', null],
  ['every_four_weeks', null],
  ['monthly', null],
  ['monthly', null],
  ['custom', 6],
  ['one_time', null],
];

const WINDOWS = [
  [8 * 60, 10 * 60],
  [9 * 60, 11 * 60],
  [10 * 60, 12 * 60],
  [13 * 60, 15 * 60],
] as const;

/** A small deterministic generator (the demo is the same on every machine). */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

export async function seedDemoService(db: Db, today: string): Promise<void> {
  const r = random(20_261_123);
  const teamIds = (
    await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.active, true), isNull(teams.deletedAt)))
      .orderBy(asc(teams.id))
  ).map((t) => t.id);
  if (teamIds.length === 0) return;
  const [office] = await db
    .select({ id: sysUsers.id })
    .from(sysUsers)
    .innerJoin(roles, eq(roles.id, sysUsers.roleId))
    .where(eq(roles.code, 'office_manager'))
    .limit(1);
  const officeId = office?.id ?? null;
  const addons = await db
    .select({ id: priceItems.id })
    .from(priceItems)
    .where(and(eq(priceItems.kind, 'addon'), eq(priceItems.active, true), isNull(priceItems.deletedAt)));
  const homesAndSpares = await db
    .select({
      id: customerLocations.id,
      customerId: customerLocations.customerId,
      sqft: customerLocations.sqft,
      teamId: customers.serviceTeamId,
    })
    .from(customerLocations)
    .innerJoin(customers, eq(customers.id, customerLocations.customerId))
    .where(and(eq(customers.status, 'active'), eq(customerLocations.isPrimary, true), isNull(customerLocations.deletedAt)))
    .orderBy(asc(customers.id))
    .limit(PLAN_COUNT + SPARE_HOMES);
  const homes = homesAndSpares.slice(0, PLAN_COUNT);

  const historyStart = addDays(today, -365 * HISTORY_YEARS);
  const counters = new Map<string, number>();
  const planValues = homes.map((home, index) => {
    const [frequency, intervalWeeks] = FREQUENCY_MIX[index % FREQUENCY_MIX.length]!;
    // Most plans started about three years ago; some joined since; one-time visits are recent.
    const startDate =
      frequency === 'one_time'
        ? addDays(today, r.int(-60, 20))
        : addDays(historyStart, index % 3 === 0 ? r.int(0, 900) : r.int(0, 40));
    const yymm = `${startDate.slice(2, 4)}${startDate.slice(5, 7)}`;
    const number = (counters.get(yymm) ?? 0) + 1;
    counters.set(yymm, number);
    const [windowStart, windowEnd] = r.pick(WINDOWS);
    const sqft = home.sqft ?? 1800;
    const budget = Math.max(120, Math.round(((sqft / 1000) * 75) / 15) * 15);
    const roll = index % 20;
    const status = roll === 7 ? 'not_used' : roll === 13 ? 'cancelled' : 'used';
    return {
      reference: `P-${yymm}-${String(number).padStart(4, '0')}`,
      customerId: home.customerId,
      locationId: home.id,
      frequency,
      intervalWeeks,
      rrule: rruleOf({ frequency, intervalWeeks, startDate }),
      startDate,
      patternFrom: startDate,
      status: status as 'used' | 'not_used' | 'cancelled',
      statusReason: status === 'cancelled' ? 'Moved out of the area' : status === 'not_used' ? 'Away for a few months' : '',
      statusChangedAt: status === 'used' ? null : new Date(`${addDays(today, -r.int(20, 200))}T18:00:00Z`),
      servicePriceCents: Math.round((9000 + sqft * 6) / 500) * 500,
      budgetMinutes: budget,
      preferredTeamId: home.teamId && teamIds.includes(home.teamId) ? home.teamId : r.pick(teamIds),
      windowStartMinutes: windowStart,
      windowEndMinutes: windowEnd,
      notes: index % 4 === 0 ? 'Key in the lockbox; please lock the side door.' : '',
      createdBy: officeId,
      updatedBy: officeId,
      createdAt: new Date(`${startDate}T17:00:00Z`),
    };
  });
  if (planValues.length === 0) return;
  // Every crew works today, whatever the weekday: one-time visits where the plans leave a team short.
  const todayMonth = `${today.slice(2, 4)}${today.slice(5, 7)}`;
  const todayVisits = todayVisitPlans(today, planValues, teamIds, homesAndSpares.slice(PLAN_COUNT), () => {
    const number = (counters.get(todayMonth) ?? 0) + 1;
    counters.set(todayMonth, number);
    return `P-${todayMonth}-${String(number).padStart(4, '0')}`;
  });
  const plans = await db
    .insert(servicePlans)
    .values([
      ...planValues,
      ...todayVisits.map((v) => ({
        ...v,
        createdBy: officeId,
        updatedBy: officeId,
        createdAt: new Date(`${addDays(today, -3)}T17:00:00Z`),
      })),
    ])
    .returning();
  for (const [yymm, last] of counters) {
    await db.execute(
      sql`insert into reference_counters (scope, last_value) values (${`P-${yymm}`}, ${last})
          on conflict (scope) do update set last_value = greatest(reference_counters.last_value, excluded.last_value)`,
    );
  }
  const lineValues = plans.flatMap((plan, index) =>
    // Today's added visits always carry a service line: their checklist on the phone has an item of its own.
    addons.length && (index % 3 !== 2 || index >= planValues.length)
      ? [{ planId: plan.id, priceItemId: addons[index % addons.length]!.id, quantity: 1 + (index % 2), sortOrder: 0 }]
      : [],
  );
  if (lineValues.length) await db.insert(servicePlanLines).values(lineValues);

  // History: every visit from the start to yesterday (a cancelled or paused plan stopped on its status date).
  const linesByPlan = new Map(lineValues.map((l) => [l.planId, [{ priceItemId: l.priceItemId, quantity: l.quantity }]]));
  const sources = plans.map((plan) => ({ plan: { ...plan, status: 'used' as const }, lines: linesByPlan.get(plan.id) ?? [] }));
  const pricer = await PlanJobPricer.load(db, sources, today);
  const drafts: JobDraft[] = [];
  for (const source of sources) {
    const original = plans.find((p) => p.id === source.plan.id)!;
    const stop = original.statusChangedAt ? original.statusChangedAt.toISOString().slice(0, 10) : today;
    for (const date of occurrencesBetween(source.plan, source.plan.startDate, addDays(stop, -1)))
      drafts.push(pricer.draft(source, date));
  }
  const history = await insertDrafts(db, drafts, officeId);
  const historyIds = history.map((j) => j.id);
  if (historyIds.length)
    await settleHistory(
      db,
      plans.map((p) => p.id),
      today,
      officeId,
    );

  // The horizon ahead for the plans in use.
  await generateForPlans(
    db,
    plans.filter((p) => p.status === 'used'),
    today,
    addDays(today, DEFAULT_PLAN_HORIZON_WEEKS * 7),
    officeId,
  );
  await db.execute(sql`
    insert into audit_log (at, user_id, uname, module, action, record_type, record_id, summary, details)
    select p.created_at, p.created_by, 'office', 'service', 'addPlan', 'service_plan', p.id,
           'Added service plan ' || p.reference || ' (' || p.rrule || ' from ' || p.start_date || ')',
           jsonb_build_object('key', 'service.addPlanSeeded',
             'params', jsonb_build_object('reference', p.reference, 'rrule', p.rrule, 'date', p.start_date::text))
    from service_plans p where p.id in (${sql.join(
      plans.map((p) => sql`${p.id}`),
      sql`, `,
    )})`);
  await seedDemoTasks(db, today, teamIds, officeId);
}

/**
 * Past visits: most completed with the actual minutes near the budget and paid that day; about one
 * in thirty cancelled with a reason; about one in eighty re-cleaned two days later at no charge.
 */
async function settleHistory(db: Db, planIds: number[], today: string, officeId: number | null) {
  const inPlans = sql`plan_id in (${sql.join(
    planIds.map((id) => sql`${id}`),
    sql`, `,
  )}) and service_date < ${today}`;
  const reasons = sql.raw(
    `(array[${JOB_CANCEL_REASONS.filter((x) => x !== 'other')
      .map((x) => `'${x}'`)
      .join(',')}])`,
  );
  // One pass (each update of a job rewrites its index entries): about one in thirty cancelled, the rest done.
  await db.execute(sql`
    update jobs set
      status = case when (id * 7919) % 30 = 0 then 'cancelled' else 'completed' end,
      cancel_reason = case when (id * 7919) % 30 = 0 then ${reasons}[1 + (id % ${JOB_CANCEL_REASONS.length - 1})] end,
      cancel_note = case when (id * 7919) % 30 = 0 then 'Cancelled by phone' else '' end,
      projected_labor_cents = case when (id * 7919) % 30 = 0 then 0 else projected_labor_cents end,
      -- A cancellation without a fee charges and earns nothing (docs/business-rules.md "Revenue").
      flat_rate_cents = case when (id * 7919) % 30 = 0 then null else flat_rate_cents end,
      coupon_cents = case when (id * 7919) % 30 = 0 then 0 else coupon_cents end,
      discount_cents = case when (id * 7919) % 30 = 0 then 0 else discount_cents end,
      revenue_cents = case when (id * 7919) % 30 = 0 then 0 else revenue_cents end,
      discounts_cents = case when (id * 7919) % 30 = 0 then 0 else discounts_cents end,
      subtotal_cents = case when (id * 7919) % 30 = 0 then 0 else subtotal_cents end,
      taxable_cents = case when (id * 7919) % 30 = 0 then 0 else taxable_cents end,
      taxes_cents = case when (id * 7919) % 30 = 0 then 0 else taxes_cents end,
      invoice_total_cents = case when (id * 7919) % 30 = 0 then 0 else invoice_total_cents end,
      profit_loss_cents = case when (id * 7919) % 30 = 0 then 0 else profit_loss_cents end,
      actual_minutes = case when (id * 7919) % 30 = 0 then null else greatest(30, quoted_minutes + ((id * 37) % 41) - 20) end,
      completed_at = case when (id * 7919) % 30 = 0 then null
        else service_date::timestamp + make_interval(mins => coalesce(start_minutes, 540) + duration_minutes) + interval '8 hours' end,
      completed_by = case when (id * 7919) % 30 = 0 then null else ${officeId}::integer end,
      status_changed_at = service_date::timestamp + interval '26 hours'
    where ${inPlans}`);
  await db.execute(sql`
    update job_lines set free = true, free_reason = case when free_reason = '' then 'cancelled' else free_reason end
    where job_id in (select id from jobs where ${inPlans} and status = 'cancelled')`);
  // Paid on the day: by card mostly, some checks, a little cash; a tip on about a third. Of the last
  // 120 days' jobs about one in eleven is not paid yet and one in eleven half paid, so some customers
  // owe (spread over the aging buckets) while most are settled.
  const recent = addDays(today, -120);
  await db.execute(sql`
    insert into customer_payments (customer_id, kind, paid_on, amount_cents, gratuity_cents, method, check_number, card_last4, note, job_id, created_by, updated_by, created_at, updated_at)
    select customer_id, 'payment', service_date,
      case when service_date >= ${recent} and (id * 31) % 11 = 1 then invoice_total_cents / 2 else invoice_total_cents end,
      case when id % 3 = 0 then 1000 + (id % 4) * 500 else 0 end,
      case when id % 10 < 7 then 'credit_card' when id % 10 < 9 then 'check' else 'cash' end,
      case when id % 10 in (7, 8) then (1001 + id % 8000)::text else '' end,
      case when id % 10 < 7 then (1000 + (id * 13) % 9000)::text else '' end,
      '', id, ${officeId}, ${officeId}, completed_at, completed_at
    from jobs where ${inPlans} and status = 'completed'
      and not (service_date >= ${recent} and (id * 31) % 11 = 0)`);
  const recleans = await db
    .select()
    .from(jobs)
    .where(
      and(
        inArray(jobs.planId, planIds),
        eq(jobs.status, 'completed'),
        sql`(${jobs.id} * 7919) % 80 = 1`,
        sql`${jobs.serviceDate} < ${addDays(today, -3)}`,
      ),
    );
  if (recleans.length === 0) return;
  const references = await jobReferences(
    db,
    recleans.map((job) => addDays(job.serviceDate!, 2)),
  );
  await db.insert(jobs).values(
    recleans.map((job, i) => {
      const date = addDays(job.serviceDate!, 2);
      return {
        reference: references[i]!,
        customerId: job.customerId,
        locationId: job.locationId,
        zoneId: job.zoneId,
        frequency: 'one_time' as const,
        status: 'completed' as const,
        statusChangedAt: new Date(`${date}T23:00:00Z`),
        teamId: job.teamId,
        preferredTeamId: job.preferredTeamId,
        serviceDate: date,
        startMinutes: 14 * 60,
        durationMinutes: 60,
        quotedMinutes: 60,
        actualMinutes: 55,
        recleanOfJobId: job.id,
        recleanReason: 'Kitchen floor missed; customer called the next day',
        flatRateCents: 0,
        completedAt: new Date(`${date}T23:00:00Z`),
        completedBy: officeId,
        createdBy: officeId,
        updatedBy: officeId,
      };
    }),
  );
}

async function seedDemoTasks(db: Db, today: string, teamIds: number[], officeId: number | null) {
  const monday = addDays(today, (8 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7 || 7);
  const specs = [
    {
      name: 'Vehicle check',
      frequency: 'weekly',
      startDate: addDays(monday, -28),
      startMinutes: 7 * 60 + 30,
      durationMinutes: 30,
      teams: teamIds,
      notes: 'Tires, oil, fluids, first-aid kit.',
    },
    {
      name: 'Supply run',
      frequency: 'biweekly',
      startDate: addDays(monday, -10),
      startMinutes: 16 * 60,
      durationMinutes: 60,
      teams: teamIds.slice(0, 2),
      notes: 'Costco: microfiber cloths, vacuum bags, all-purpose cleaner.',
    },
    {
      name: 'Monthly team training',
      frequency: 'monthly',
      startDate: addDays(monday, 9),
      startMinutes: 14 * 60,
      durationMinutes: 120,
      teams: teamIds,
      notes: 'Safety, new products, customer feedback.',
    },
    {
      name: 'First-aid certification',
      frequency: 'one_time',
      startDate: addDays(monday, 17),
      startMinutes: 9 * 60,
      durationMinutes: 240,
      teams: teamIds.slice(-2),
      notes: 'Red Cross course at the office.',
    },
  ] as const;
  for (const [index, spec] of specs.entries()) {
    const [task] = await db
      .insert(tasks)
      .values({
        reference: `T-${today.slice(2, 4)}${today.slice(5, 7)}-${String(index + 1).padStart(4, '0')}`,
        name: spec.name,
        frequency: spec.frequency,
        rrule: rruleOf({ frequency: spec.frequency, startDate: spec.startDate }),
        startDate: spec.startDate,
        startMinutes: spec.startMinutes,
        durationMinutes: spec.durationMinutes,
        notes: spec.notes,
        createdBy: officeId,
        updatedBy: officeId,
      })
      .returning({ id: tasks.id });
    await db.insert(taskTeams).values(spec.teams.map((teamId) => ({ taskId: task!.id, teamId })));
  }
  await db.execute(
    sql`insert into reference_counters (scope, last_value) values (${`T-${today.slice(2, 4)}${today.slice(5, 7)}`}, ${specs.length})
        on conflict (scope) do update set last_value = greatest(reference_counters.last_value, excluded.last_value)`,
  );
}
