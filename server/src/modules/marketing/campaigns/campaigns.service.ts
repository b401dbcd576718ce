import {
  type Campaign,
  type CampaignAddRequest,
  type CampaignAuditRequest,
  type CampaignListRequest,
  type CampaignModifyRequest,
  type CampaignStatsRequest,
  type CampaignStatsRow,
  Code,
  type CouponCheck,
  campaignRatios,
  couponDiscountCents,
  couponRefusal,
} from '@tidyhouse/contract';
import { and, asc, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../../platform/database';
import { AppError, conflict, notFound, refused } from '../../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../../platform/list';
import { loadForUpdate, softDeleteVersioned, updateVersioned } from '../../../platform/versioned';
import { sysUsers } from '../../employees/employees.tables';
import { campaigns } from './campaigns.tables';

const WHAT = 'marketing.campaign';
export const CAMPAIGN_FIELDS = [
  'category',
  'sourceName',
  'couponCode',
  'couponKind',
  'couponValue',
  'startDate',
  'endDate',
  'costCents',
  'usageLimit',
  'minSubtotalCents',
  'active',
  'auditStatus',
  'auditReason',
] as const;

type CampaignRecord = typeof campaigns.$inferSelect;
const editors = alias(sysUsers, 'campaign_editors');
const auditors = alias(sysUsers, 'campaign_auditors');

const toCampaign = (row: CampaignRecord, names: { updatedByName: string | null; auditedByName: string | null }): Campaign => ({
  id: row.id,
  category: row.category,
  sourceName: row.sourceName,
  couponCode: row.couponCode,
  couponKind: row.couponKind,
  couponValue: row.couponValue,
  startDate: row.startDate,
  endDate: row.endDate,
  costCents: row.costCents,
  usageLimit: row.usageLimit,
  minSubtotalCents: row.minSubtotalCents,
  active: row.active,
  auditStatus: row.auditStatus,
  auditReason: row.auditReason,
  updatedByName: names.updatedByName,
  auditedByName: names.auditedByName,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

const withNames = (db: Db) =>
  db
    .select({ row: campaigns, updatedByName: editors.name, auditedByName: auditors.name, total: totalCount })
    .from(campaigns)
    .leftJoin(editors, eq(editors.id, campaigns.updatedBy))
    .leftJoin(auditors, eq(auditors.id, campaigns.auditedBy));

export async function listCampaigns(db: Db, request: CampaignListRequest) {
  const conditions: SQL[] = [isNull(campaigns.deletedAt)];
  if (request.keyword) {
    const pattern = `%${likeEscape(request.keyword)}%`;
    conditions.push(or(ilike(campaigns.sourceName, pattern), ilike(campaigns.couponCode, pattern))!);
  }
  if (request.category) conditions.push(eq(campaigns.category, request.category));
  if (request.auditStatus) conditions.push(eq(campaigns.auditStatus, request.auditStatus));
  if (request.active != null) conditions.push(eq(campaigns.active, request.active));
  const query = withNames(db)
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        request.sort,
        {
          sourceName: campaigns.sourceName,
          couponCode: campaigns.couponCode,
          startDate: campaigns.startDate,
          endDate: campaigns.endDate,
          costCents: campaigns.costCents,
          auditStatus: campaigns.auditStatus,
        },
        [desc(campaigns.startDate)],
        campaigns.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, request);
  return { list: rows.map((r) => toCampaign(r.row, r)), total };
}

export async function campaignDetail(db: Db, id: number): Promise<Campaign> {
  const [found] = await withNames(db).where(and(eq(campaigns.id, id), isNull(campaigns.deletedAt)));
  if (!found) throw notFound(WHAT);
  return toCampaign(found.row, found);
}

/** Campaigns a quote's channel may name: every one not removed, approved first. */
export async function campaignOptions(db: Db) {
  return db
    .select({ id: campaigns.id, sourceName: campaigns.sourceName, couponCode: campaigns.couponCode, active: campaigns.active })
    .from(campaigns)
    .where(and(isNull(campaigns.deletedAt), eq(campaigns.auditStatus, 'approved')))
    .orderBy(asc(campaigns.sourceName), asc(campaigns.id));
}

/** Coupon codes are unique without regard to case (the unique index backs this up under races). */
async function assertCouponFree(tx: Db, couponCode: string, exceptId?: number) {
  if (couponCode === '') return;
  const [taken] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        isNull(campaigns.deletedAt),
        sql`lower(${campaigns.couponCode}) = lower(${couponCode})`,
        exceptId === undefined ? undefined : ne(campaigns.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new AppError(Code.INVALID_INPUT, 'marketing.couponTaken', { field: 'couponCode', code: couponCode });
}

export async function addCampaign(tx: Db, actorId: number, input: CampaignAddRequest): Promise<Campaign> {
  await assertCouponFree(tx, input.couponCode);
  const [row] = await tx
    .insert(campaigns)
    .values({ ...input, auditStatus: 'pending', createdBy: actorId, updatedBy: actorId })
    .returning();
  return campaignDetail(tx, row!.id);
}

/** Any change sends the campaign back to pending: it needs a new approval by someone else. */
export async function modifyCampaign(tx: Db, actorId: number, input: CampaignModifyRequest) {
  await assertCouponFree(tx, input.couponCode, input.id);
  const { id: _id, version: _version, ...values } = input;
  const before = await campaignDetail(tx, input.id);
  await updateVersioned(
    tx,
    campaigns,
    WHAT,
    input,
    { ...values, auditStatus: 'pending', auditReason: '', auditedBy: null, auditedAt: null },
    actorId,
  );
  return { before, after: await campaignDetail(tx, input.id) };
}

/** Approves or fails a pending campaign; its last editor may not decide on it (four eyes). */
export async function auditCampaign(tx: Db, actorId: number, input: CampaignAuditRequest) {
  const row = await loadForUpdate(tx, campaigns, input.id, WHAT);
  if (row.deletedAt) throw notFound(WHAT);
  if (row.version !== input.version) throw conflict();
  if (row.auditStatus !== 'pending') throw refused('marketing.notPending');
  if (row.updatedBy === actorId) throw refused('marketing.ownChange');
  const before = await campaignDetail(tx, input.id);
  await tx
    .update(campaigns)
    .set({
      auditStatus: input.decision,
      auditReason: input.decision === 'failed' ? input.reason : '',
      auditedBy: actorId,
      auditedAt: new Date(),
      version: row.version + 1,
    })
    .where(eq(campaigns.id, input.id));
  return { before, after: await campaignDetail(tx, input.id) };
}

export async function removeCampaign(tx: Db, actorId: number, target: { id: number; version: number }) {
  return softDeleteVersioned(tx, campaigns, WHAT, target, actorId);
}

/** The campaign of a coupon code (any case), or null; `lock` holds its row so uses are counted one at a time. */
export async function campaignOfCoupon(db: Db, couponCode: string, lock = false): Promise<CampaignRecord | null> {
  if (couponCode.trim() === '') return null;
  const query = db
    .select()
    .from(campaigns)
    .where(and(isNull(campaigns.deletedAt), sql`lower(${campaigns.couponCode}) = lower(${couponCode.trim()})`))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The record a coupon is being checked for: its own use is not counted against the limit. */
export interface CouponHolder {
  quoteId?: number;
  jobId?: number;
}

/**
 * Uses of a coupon: quotes carrying it, and live (not cancelled) jobs carrying it unless they came from
 * a quote with the same code (a sold quote's coupon is one use, not two).
 */
export async function couponUses(db: Db, couponCode: string, holder: CouponHolder = {}): Promise<number> {
  const code = couponCode.trim();
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select (select count(*) from quotes q
                 where lower(q.coupon_code) = lower(${code}) and q.id <> ${holder.quoteId ?? 0})
             + (select count(*) from jobs j left join quotes q on q.id = j.quote_id
                 where lower(j.coupon_code) = lower(${code}) and j.status <> 'cancelled' and j.id <> ${holder.jobId ?? 0}
                   and (q.id is null or lower(q.coupon_code) <> lower(j.coupon_code))) as n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A coupon for a service date and base price: the campaign and the coupon's value, or 10001 naming
 * `field` with the reason (shared rule `couponRefusal`: dates, approval, usage limit, minimum price).
 * Inside a change the campaign row is locked, so two saves never both take the last use.
 */
export async function checkCoupon(
  db: Db,
  input: { couponCode: string; serviceDate: string; basePriceCents: number; holder?: CouponHolder },
  field = 'couponCode',
): Promise<CouponCheck> {
  const campaign = await campaignOfCoupon(db, input.couponCode, input.holder !== undefined);
  const usedCount = campaign?.usageLimit != null ? await couponUses(db, campaign.couponCode, input.holder) : 0;
  const refusal = couponRefusal(campaign, input.serviceDate, { usedCount, basePriceCents: input.basePriceCents });
  if (refusal || !campaign)
    throw new AppError(Code.INVALID_INPUT, 'error.invalidInput', { field, rule: refusal ?? 'coupon.unknown' });
  return {
    campaignId: campaign.id,
    sourceName: campaign.sourceName,
    couponKind: campaign.couponKind,
    couponValue: campaign.couponValue,
    discountCents: couponDiscountCents(campaign, input.basePriceCents),
  };
}

/** The campaign a channel names (its source name, any case), for quotes without a coupon. */
export async function campaignOfChannel(db: Db, channel: string): Promise<number | null> {
  if (channel.trim() === '') return null;
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(isNull(campaigns.deletedAt), sql`lower(${campaigns.sourceName}) = lower(${channel.trim()})`))
    .orderBy(desc(campaigns.startDate))
    .limit(1);
  return row?.id ?? null;
}

const STATS_ORDER: Record<string, string> = {
  sourceName: 'lower(c.source_name)',
  costCents: 'c.cost_cents',
  leads: 'leads',
  sold: 'sold',
  conversionBps: 'case when leads = 0 then null else sold::numeric / leads end',
  revenueCents: 'revenue_cents',
  costPerSoldCents: 'case when sold = 0 then null else c.cost_cents::numeric / sold end',
  returnBps: 'case when c.cost_cents = 0 then null else (revenue_cents - c.cost_cents)::numeric / c.cost_cents end',
};

/**
 * Per campaign, for quotes dated in the range: leads, sold, and the revenue so far of the jobs
 * (completed or closed) of the customers its sold quotes made. One query: counts by index
 * (quotes_campaign_date_idx, jobs_customer_date_idx), no query per campaign.
 */
export async function campaignStats(db: Db, request: CampaignStatsRequest): Promise<CampaignStatsRow[]> {
  const order = request.sort
    ? `${STATS_ORDER[request.sort.field]} ${request.sort.order === 'ascend' ? 'asc' : 'desc'} nulls last, c.id`
    : 'c.start_date desc, c.id';
  const rows = await queryRows<{
    campaign_id: number;
    source_name: string;
    category: CampaignStatsRow['category'];
    coupon_code: string;
    cost_cents: number;
    leads: number;
    sold: number;
    revenue_cents: number;
  }>(
    db,
    sql`with leads as (
          select q.campaign_id, count(*)::int as leads, (count(*) filter (where q.status = 'sold'))::int as sold
          from quotes q
          where q.campaign_id is not null and q.quote_date between ${request.dateFrom} and ${request.dateTo}
          group by q.campaign_id
        ), sold_customers as (
          select distinct q.campaign_id, q.customer_id
          from quotes q
          where q.campaign_id is not null and q.status = 'sold' and q.customer_id is not null
            and q.quote_date between ${request.dateFrom} and ${request.dateTo}
        ), revenue as (
          select s.campaign_id, sum(j.subtotal_cents)::bigint as revenue_cents
          from sold_customers s join jobs j on j.customer_id = s.customer_id and j.status in ('completed', 'closed')
          group by s.campaign_id
        )
        select c.id as campaign_id, c.source_name, c.category, c.coupon_code, c.cost_cents,
          coalesce(l.leads, 0) as leads, coalesce(l.sold, 0) as sold, coalesce(r.revenue_cents, 0)::bigint as revenue_cents
        from campaigns c
        left join leads l on l.campaign_id = c.id
        left join revenue r on r.campaign_id = c.id
        where c.deleted_at is null
        order by ${sql.raw(order)}`,
  );
  return rows.map((r) => {
    const counts = {
      costCents: Number(r.cost_cents),
      leads: Number(r.leads),
      sold: Number(r.sold),
      revenueCents: Number(r.revenue_cents),
    };
    return {
      campaignId: Number(r.campaign_id),
      sourceName: r.source_name,
      category: r.category,
      couponCode: r.coupon_code,
      ...counts,
      ...campaignRatios(counts),
    };
  });
}
