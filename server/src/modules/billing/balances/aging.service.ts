import type { AgingAmounts, AgingRequest, AgingResponse, AgingRow } from '@tidyhouse/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { queryRows } from '../../../platform/database';
import { likeEscape } from '../../../platform/list';
import { searchTokens } from '../../customers/search-terms';

/**
 * Accounts receivable by customer (docs/business-rules.md "Invoices and balances"): the maintained
 * customer_balances rows with an open invoice or credit, and each page's open invoices summed into
 * the buckets of contract agingBucket (days past due on the business date). Totals cover the whole
 * filtered set. At scale (docs/performance.md "Billing (issue 19)"): the page walks
 * customer_balances_aging_idx in the default and balance orders; its count and money come from
 * aging_by_oldest_due and its buckets from open_by_due_date (a few thousand dates each, not every
 * customer or open invoice).
 */

type Filter = { keyword?: string; pastDueOnly?: boolean };

/** Sortable columns (a whitelist: the request names one); the amounts are never null. */
const SORTS: Record<string, string> = {
  customerName: 'c.name',
  balanceCents: 'b.balance_cents',
  openCents: 'b.open_cents',
  creditCents: 'b.credit_cents',
  oldestDueOn: 'b.oldest_due_on',
};

function conditions(filter: Filter, today: string): SQL {
  const parts: SQL[] = [sql`(b.open_cents <> 0 or b.credit_cents <> 0)`];
  if (filter.pastDueOnly) parts.push(sql`b.oldest_due_on < ${today}`);
  /*
   * Each term's matches gathered once into an array (an InitPlan): the rows are then probed by key.
   * As an IN subquery the planner walks the ~50,000 report rows probing the terms per row.
   */
  for (const token of searchTokens(filter.keyword))
    parts.push(
      sql`b.customer_id = any(array(select customer_id from customer_search_terms where term like ${`${likeEscape(token)}%`}))`,
    );
  return sql.join(parts, sql` and `);
}

/** The buckets of open amounts by due date, in SQL: the same cut points as contract agingBucket. */
const bucketSums = (today: string, open = sql`i.total_cents - i.applied_cents`, due = sql`i.due_on`) => sql`
  coalesce(sum(${open}) filter (where ${today}::date - ${due} <= 0), 0) as current_cents,
  coalesce(sum(${open}) filter (where ${today}::date - ${due} between 1 and 30), 0) as days1to30_cents,
  coalesce(sum(${open}) filter (where ${today}::date - ${due} between 31 and 60), 0) as days31to60_cents,
  coalesce(sum(${open}) filter (where ${today}::date - ${due} between 61 and 90), 0) as days61to90_cents,
  coalesce(sum(${open}) filter (where ${today}::date - ${due} > 90), 0) as over90_cents`;

type BucketRow = {
  current_cents: unknown;
  days1to30_cents: unknown;
  days31to60_cents: unknown;
  days61to90_cents: unknown;
  over90_cents: unknown;
};
const n = (v: unknown) => Number(v ?? 0);
const buckets = (r: BucketRow | undefined) => ({
  currentCents: n(r?.current_cents),
  days1to30Cents: n(r?.days1to30_cents),
  days31to60Cents: n(r?.days31to60_cents),
  days61to90Cents: n(r?.days61to90_cents),
  over90Cents: n(r?.over90_cents),
});

type CustomerRow = {
  customer_id: number;
  name: string;
  phone1: string;
  open_cents: unknown;
  credit_cents: unknown;
  balance_cents: unknown;
  oldest_due_on: string | null;
};

async function customerRows(
  db: Db,
  filter: Filter,
  today: string,
  page: { limit: number; offset: number; sort?: AgingRequest['sort'] },
): Promise<CustomerRow[]> {
  const field = page.sort && SORTS[page.sort.field] ? page.sort.field : 'balanceCents';
  const direction = !page.sort || page.sort.order === 'descend' ? 'desc' : 'asc';
  /*
   * Not searching, the balance orders walk the aging index (no "nulls last": it would not match the
   * index) and stop after the page; the total is counted with the totals (totalsOf). Searching, the matches are few: the
   * sort key is made an expression so the planner starts from the terms index (customers.service.ts).
   */
  const searching = searchTokens(filter.keyword).length > 0;
  const column = SORTS[field]!;
  const key = searching ? `(${column} ${field === 'customerName' ? "|| ''" : '+ 0'})` : column;
  const nulls = !searching && field === 'balanceCents' ? '' : ' nulls last';
  // The tie-break follows the direction, so a backward walk of the index needs no sort.
  const order = sql.raw(`${key} ${direction}${nulls}, b.customer_id ${direction}`);
  const where = conditions(filter, today);
  // Ordered by amounts alone, the page's keys are cut from the index before any join: a deep page
  // skips index entries (read from the index alone), not customers probed.
  const source =
    searching || field === 'customerName'
      ? sql`customer_balances b`
      : sql`(select b.customer_id from customer_balances b where ${where} order by ${order} limit ${page.limit} offset ${page.offset}) p
             join customer_balances b on b.customer_id = p.customer_id`;
  const rows = await queryRows<CustomerRow>(
    db,
    sql`select b.customer_id, c.name, c.phone1, b.open_cents, b.credit_cents, b.balance_cents, b.oldest_due_on::text as oldest_due_on
          from ${source} join customers c on c.id = b.customer_id
         where ${where}
         order by ${order} limit ${page.limit} offset ${searching || field === 'customerName' ? page.offset : 0}`,
  );
  return rows;
}

async function rowsWithBuckets(db: Db, rows: CustomerRow[], today: string): Promise<AgingRow[]> {
  if (rows.length === 0) return [];
  const ids = sql.join(
    rows.map((r) => sql`${r.customer_id}`),
    sql`, `,
  );
  const sums = await queryRows<BucketRow & { customer_id: number }>(
    db,
    sql`select i.customer_id, ${bucketSums(today)} from invoices i
         where i.status in ('open', 'partly_paid') and i.customer_id in (${ids}) group by i.customer_id`,
  );
  const byCustomer = new Map(sums.map((s) => [Number(s.customer_id), s]));
  return rows.map((r) => ({
    customerId: Number(r.customer_id),
    customerName: r.name,
    phone: r.phone1,
    oldestDueOn: r.oldest_due_on,
    ...buckets(byCustomer.get(Number(r.customer_id))),
    openCents: n(r.open_cents),
    creditCents: n(r.credit_cents),
    balanceCents: n(r.balance_cents),
  }));
}

type MoneyRow = { open: unknown; credit: unknown; count: unknown };

/** The report's money and count from its maintained rows: customer_balances while searching, else aging_by_oldest_due. */
async function moneyOf(db: Db, filter: Filter, today: string, where: SQL): Promise<MoneyRow | undefined> {
  const [money] = await queryRows<MoneyRow>(
    db,
    searchTokens(filter.keyword).length > 0
      ? sql`select coalesce(sum(b.open_cents), 0) as open, coalesce(sum(b.credit_cents), 0) as credit, count(*) as count
              from customer_balances b where ${where}`
      : sql`select coalesce(sum(a.open_cents), 0) as open, coalesce(sum(a.credit_cents), 0) as credit,
                   coalesce(sum(a.customers), 0) as count
              from aging_by_oldest_due a ${filter.pastDueOnly ? sql`where a.oldest_due_on < ${today}` : sql``}`,
  );
  return money;
}

/**
 * The buckets of the report's customers. Without a search, from open_by_due_date. Every open invoice
 * past due belongs to a past-due customer, so "past due only" changes the current bucket alone: the
 * past-due customers' open amount less their past-due buckets.
 */
async function bucketTotals(
  db: Db,
  filter: Filter,
  today: string,
  where: SQL,
  openCents: number,
): Promise<BucketRow | undefined> {
  if (searchTokens(filter.keyword).length > 0) {
    const [sums] = await queryRows<BucketRow>(
      db,
      sql`select ${bucketSums(today)} from invoices i
           where i.status in ('open', 'partly_paid')
             and i.customer_id in (select b.customer_id from customer_balances b where ${where})`,
    );
    return sums;
  }
  const [sums] = await queryRows<BucketRow>(
    db,
    sql`select ${bucketSums(today, sql`d.open_cents`, sql`d.due_on`)} from open_by_due_date d`,
  );
  if (!filter.pastDueOnly || !sums) return sums;
  const pastDue = n(sums.days1to30_cents) + n(sums.days31to60_cents) + n(sums.days61to90_cents) + n(sums.over90_cents);
  return { ...sums, current_cents: openCents - pastDue };
}

/** The report's totals and its count of customers. */
async function totalsOf(db: Db, filter: Filter, today: string): Promise<{ totals: AgingAmounts; count: number }> {
  const where = conditions(filter, today);
  const money = await moneyOf(db, filter, today, where);
  const open = n(money?.open);
  const credit = n(money?.credit);
  const sums = await bucketTotals(db, filter, today, where, open);
  return {
    totals: { ...buckets(sums), openCents: open, creditCents: credit, balanceCents: open - credit },
    count: n(money?.count),
  };
}

type SearchedRow = Partial<CustomerRow> & BucketRow & MoneyRow;

/**
 * A searched report in one query: the matching report rows are found once (terms, then a probe per
 * customer) and give the page, the count, the money and the buckets (three queries each repeated them).
 */
async function searchedReport(db: Db, req: AgingRequest, today: string): Promise<AgingResponse> {
  const where = conditions(req, today);
  const field = req.sort && SORTS[req.sort.field] ? req.sort.field : 'balanceCents';
  const direction = !req.sort || req.sort.order === 'descend' ? 'desc' : 'asc';
  const order = sql.raw(`${SORTS[field]} ${direction} nulls last, b.customer_id ${direction}`);
  // Ordered by an amount, the page is cut before the join: 20 customers probed, not every match.
  const byName = field === 'customerName';
  const limit = req.pageSize;
  const offset = (req.pageNum - 1) * req.pageSize;
  const rows = await queryRows<SearchedRow>(
    db,
    sql`with m as materialized (select b.* from customer_balances b where ${where}),
         money as (select coalesce(sum(open_cents), 0) as open, coalesce(sum(credit_cents), 0) as credit, count(*) as count from m),
         sums as (select ${bucketSums(today)} from invoices i
                   where i.status in ('open', 'partly_paid') and i.customer_id in (select customer_id from m)),
         page as (select b.customer_id, c.name, c.phone1, b.open_cents, b.credit_cents, b.balance_cents,
                         b.oldest_due_on::text as oldest_due_on
                    from ${byName ? sql`m b` : sql`(select * from m b order by ${order} limit ${limit} offset ${offset}) b`}
                    join customers c on c.id = b.customer_id
                   order by ${order} limit ${limit} offset ${byName ? offset : 0})
    select page.*, money.*, sums.* from money cross join sums left join page on true`,
  );
  const first = rows[0];
  const open = n(first?.open);
  const credit = n(first?.credit);
  const list = rows.filter((r): r is SearchedRow & CustomerRow => r.customer_id != null);
  return {
    list: await rowsWithBuckets(db, list, today),
    total: n(first?.count),
    totals: { ...buckets(first), openCents: open, creditCents: credit, balanceCents: open - credit },
    asOf: today,
  };
}

export async function agingReport(db: Db, req: AgingRequest, today: string): Promise<AgingResponse> {
  if (searchTokens(req.keyword).length > 0) return searchedReport(db, req, today);
  const rows = await customerRows(db, req, today, {
    limit: req.pageSize,
    offset: (req.pageNum - 1) * req.pageSize,
    sort: req.sort,
  });
  const { totals, count } = await totalsOf(db, req, today);
  return { list: await rowsWithBuckets(db, rows, today), total: count, totals, asOf: today };
}

/** Every row of the filtered report (the export), in pages; `max` + 1 rows at most. */
export async function agingExportRows(db: Db, filter: Filter, today: string, max: number) {
  const rows = await customerRows(db, filter, today, { limit: max + 1, offset: 0 });
  if (rows.length > max) return { capped: true as const };
  const list: AgingRow[] = [];
  for (let i = 0; i < rows.length; i += 1000) list.push(...(await rowsWithBuckets(db, rows.slice(i, i + 1000), today)));
  return { capped: false as const, list, totals: (await totalsOf(db, filter, today)).totals };
}
