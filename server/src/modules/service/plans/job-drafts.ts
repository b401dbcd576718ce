import { type Costing, calculateJobCosting, type JobStatus, mulDivRoundHalfUp, type ServiceFrequency } from '@tidyhouse/contract';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { customerLocations } from '../../customers/customers.tables';
import { employeePayRates } from '../../employees/employee-records.tables';
import { teamMembers, teams } from '../../employees/employees.tables';
import { priceItemRates, priceItems, quoteParameters } from '../../system/settings.tables';
import { businessProfile } from '../../system/system.tables';
import { BASE_LINE_NAMES } from '../jobs/from-quote';
import type { ResolvedLine } from '../jobs/job-lines';
import type { servicePlans } from './plans.tables';

/**
 * What a plan's job on a given date looks like: team, time, duration, the plan's default lines priced
 * as the price list stands ON THAT DATE, and the costing (contract calculateJobCosting). Generation
 * inserts these drafts; a change from a date compares them with the jobs that exist. Everything a
 * batch of plans needs is loaded once (a handful of queries for any number of plans and dates).
 */

export type PlanRow = typeof servicePlans.$inferSelect;

export interface PlanLineRef {
  priceItemId: number;
  quantity: number;
}

export interface PlanForJobs {
  plan: PlanRow;
  lines: readonly PlanLineRef[];
}

export interface JobDraft {
  planId: number;
  occurrenceDate: string;
  customerId: number;
  locationId: number;
  zoneId: number | null;
  frequency: ServiceFrequency;
  status: JobStatus;
  teamId: number | null;
  preferredTeamId: number | null;
  windowStartMinutes: number | null;
  windowEndMinutes: number | null;
  serviceDate: string;
  startMinutes: number | null;
  durationMinutes: number;
  pricePerMinuteCents: number;
  flatRateCents: number;
  salesTaxBps: number;
  lines: ResolvedLine[];
  costing: Costing;
}

interface Rate {
  effectiveFrom: string;
  inHomeMinutes: number;
  unitPriceCents: number;
}

/** Hours in a year of full-time work and semi-monthly periods: a salary's hourly cost (as job-costing.ts laborOf). */
const FULL_TIME_HOURS_PER_YEAR = 2080;
const SEMI_MONTHLY_PERIODS_PER_YEAR = 24;

export class PlanJobPricer {
  private constructor(
    private readonly settings: { salesTaxBps: number; pricePerMinuteCents: number; defaultTeamSize: number },
    private readonly locations: Map<number, { customerId: number; zoneId: number | null; live: boolean }>,
    private readonly items: Map<number, typeof priceItems.$inferSelect>,
    /** Rates of each item, oldest first. */
    private readonly rates: Map<number, Rate[]>,
    private readonly activeTeams: Set<number>,
    private readonly members: Map<number, number[]>,
    /** Pay rates of each member, oldest first: [effectiveFrom, hourly cents]. */
    private readonly pay: Map<number, [string, number][]>,
  ) {}

  /** Loads what the drafts of these plans need, for dates up to `lastDate`. */
  static async load(tx: Db, plans: readonly PlanForJobs[], lastDate: string): Promise<PlanJobPricer> {
    const [profile] = await tx.select({ salesTaxBps: businessProfile.salesTaxBps }).from(businessProfile).limit(1);
    const [params] = await tx
      .select({ ppm: quoteParameters.defaultPricePerMinuteCents, teamSize: quoteParameters.defaultTeamSize })
      .from(quoteParameters)
      .limit(1);
    const locationIds = [...new Set(plans.map((p) => p.plan.locationId))];
    const itemIds = [...new Set(plans.flatMap((p) => p.lines.map((l) => l.priceItemId)))];
    const teamIds = [...new Set(plans.flatMap((p) => (p.plan.preferredTeamId ? [p.plan.preferredTeamId] : [])))];
    const locationRows = locationIds.length
      ? await tx
          .select({
            id: customerLocations.id,
            customerId: customerLocations.customerId,
            zoneId: customerLocations.zoneId,
            deletedAt: customerLocations.deletedAt,
          })
          .from(customerLocations)
          .where(inArray(customerLocations.id, locationIds))
      : [];
    const itemRows = itemIds.length ? await tx.select().from(priceItems).where(inArray(priceItems.id, itemIds)) : [];
    const rateRows = itemIds.length
      ? await tx
          .select()
          .from(priceItemRates)
          .where(and(inArray(priceItemRates.priceItemId, itemIds), lte(priceItemRates.effectiveFrom, lastDate)))
          .orderBy(priceItemRates.effectiveFrom)
      : [];
    const teamRows = teamIds.length
      ? await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(inArray(teams.id, teamIds), isNull(teams.deletedAt), eq(teams.active, true)))
      : [];
    const memberRows = teamRows.length
      ? await tx
          .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
          .from(teamMembers)
          .where(
            inArray(
              teamMembers.teamId,
              teamRows.map((t) => t.id),
            ),
          )
      : [];
    const userIds = [...new Set(memberRows.map((m) => m.userId))];
    const payRows = userIds.length
      ? await tx
          .select({
            userId: employeePayRates.userId,
            effectiveFrom: employeePayRates.effectiveFrom,
            payType: employeePayRates.payType,
            rateCents: employeePayRates.rateCents,
          })
          .from(employeePayRates)
          .where(
            and(
              inArray(employeePayRates.userId, userIds),
              lte(employeePayRates.effectiveFrom, lastDate),
              isNull(employeePayRates.deletedAt),
            ),
          )
          .orderBy(employeePayRates.effectiveFrom)
      : [];

    const rates = new Map<number, Rate[]>();
    for (const r of rateRows) rates.set(r.priceItemId, [...(rates.get(r.priceItemId) ?? []), r]);
    const members = new Map<number, number[]>();
    for (const m of memberRows) members.set(m.teamId, [...(members.get(m.teamId) ?? []), m.userId]);
    const pay = new Map<number, [string, number][]>();
    for (const p of payRows) {
      const hourly =
        p.payType === 'hourly'
          ? p.rateCents
          : mulDivRoundHalfUp(p.rateCents, SEMI_MONTHLY_PERIODS_PER_YEAR, FULL_TIME_HOURS_PER_YEAR);
      pay.set(p.userId, [...(pay.get(p.userId) ?? []), [p.effectiveFrom, hourly]]);
    }
    return new PlanJobPricer(
      {
        salesTaxBps: profile?.salesTaxBps ?? 0,
        pricePerMinuteCents: params?.ppm ?? 0,
        defaultTeamSize: params?.teamSize ?? 1,
      },
      new Map(locationRows.map((l) => [l.id, { customerId: l.customerId, zoneId: l.zoneId, live: l.deletedAt === null }])),
      new Map(itemRows.map((i) => [i.id, i])),
      rates,
      new Set(teamRows.map((t) => t.id)),
      members,
      pay,
    );
  }

  /** Whether the plan's location still exists (a removed location gets no new job). */
  locationLive(plan: PlanRow): boolean {
    return this.locations.get(plan.locationId)?.live ?? false;
  }

  private rateOn(itemId: number, date: string): Rate | null {
    const list = this.rates.get(itemId) ?? [];
    let found: Rate | null = null;
    for (const rate of list) if (rate.effectiveFrom <= date) found = rate;
    return found;
  }

  private hourlyOn(userId: number, date: string): number {
    let found = 0;
    for (const [from, hourly] of this.pay.get(userId) ?? []) if (from <= date) found = hourly;
    return found;
  }

  /**
   * The plan's lines priced on `date`: the house base line carries the budget minutes the priced
   * lines do not (so the job's in-home minutes are the plan's budget); an entry that is inactive,
   * removed or without a rate that day is left out of that job.
   */
  linesOn(source: PlanForJobs, date: string): ResolvedLine[] {
    const priced: ResolvedLine[] = [];
    for (const line of source.lines) {
      const item = this.items.get(line.priceItemId);
      const rate = this.rateOn(line.priceItemId, date);
      if (!item?.active || item.deletedAt || !rate) continue;
      priced.push({
        kind: item.kind,
        priceItemId: item.id,
        nameEn: item.nameEn,
        nameZh: item.nameZh,
        rateEffectiveFrom: rate.effectiveFrom,
        minutesEach: rate.inHomeMinutes,
        unitPriceCents: rate.unitPriceCents,
        taxable: item.taxable,
        quantity: line.quantity,
        free: false,
        freeReason: '',
      });
    }
    const itemMinutes = priced.reduce((sum, l) => sum + l.quantity * l.minutesEach, 0);
    const baseMinutes = Math.max(0, source.plan.budgetMinutes - itemMinutes);
    const base: ResolvedLine[] = baseMinutes
      ? [
          {
            kind: 'base',
            priceItemId: null,
            ...BASE_LINE_NAMES,
            rateEffectiveFrom: null,
            minutesEach: baseMinutes,
            unitPriceCents: 0,
            taxable: false,
            quantity: 1,
            free: false,
            freeReason: '',
          },
        ]
      : [];
    return [...base, ...priced];
  }

  /** The job of `source` on `date` (its occurrence date; the service date is the same). */
  draft(source: PlanForJobs, date: string): JobDraft {
    const { plan } = source;
    const location = this.locations.get(plan.locationId)!;
    const teamId = plan.preferredTeamId && this.activeTeams.has(plan.preferredTeamId) ? plan.preferredTeamId : null;
    const crew = teamId ? (this.members.get(teamId) ?? []) : [];
    const lines = this.linesOn(source, date);
    const lineMinutes = lines.reduce((sum, l) => sum + l.quantity * l.minutesEach, 0);
    const crewSize = Math.max(1, crew.length || this.settings.defaultTeamSize);
    const durationMinutes = Math.min(1440, plan.durationMinutes ?? Math.ceil(lineMinutes / crewSize));
    const startMinutes = plan.windowStartMinutes;
    const costing = calculateJobCosting({
      lines,
      pricePerMinuteCents: this.settings.pricePerMinuteCents,
      flatRateCents: plan.servicePriceCents,
      couponCents: 0,
      discountCents: 0,
      salesTaxBps: this.settings.salesTaxBps,
      members: crew.map((userId) => ({ plannedMinutes: durationMinutes, hourlyRateCents: this.hourlyOn(userId, date) })),
    });
    return {
      planId: plan.id,
      occurrenceDate: date,
      customerId: location.customerId,
      locationId: plan.locationId,
      zoneId: location.zoneId,
      frequency: plan.frequency,
      status: teamId !== null && startMinutes !== null ? 'scheduled' : 'unscheduled',
      teamId,
      preferredTeamId: plan.preferredTeamId,
      windowStartMinutes: plan.windowStartMinutes,
      windowEndMinutes: plan.windowEndMinutes,
      serviceDate: date,
      startMinutes,
      durationMinutes,
      pricePerMinuteCents: this.settings.pricePerMinuteCents,
      flatRateCents: plan.servicePriceCents,
      salesTaxBps: this.settings.salesTaxBps,
      lines,
      costing,
    };
  }
}
