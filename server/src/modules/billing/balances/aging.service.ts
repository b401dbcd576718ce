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
 * customer_balances_aging_idx in the default and balance orders and is counted apart; the buckets of
 * the whole report come from open_by_due_date (a few thousand dates, not every open invoice).
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
  const order = sql.raw(`${key} ${direction}${nulls}, b.customer_id`);
  const where = conditions(filter, today);
  // Ordered by amounts alone, the page is cut from customer_balances before the join: a deep page
  // skips index entries, not customers probed.
  const source =
    searching || field === 'customerName'
      ? sql`customer_balances b`
      : sql`(select * from customer_balances b where ${where} order by ${order} limit ${page.limit} offset ${page.offset}) b`;
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

/**
 * The buckets of the report's customers. Without a search, from open_by_due_date: every open
 * invoice past due belongs to a past-due customer, so "past due only" changes the current bucket
 * alone, summed from the few invoices not yet due.
 */
async function bucketTotals(db: Db, filter: Filter, today: string, where: SQL): Promise<BucketRow | undefined> {
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
  const [current] = await queryRows<{ cents: unknown }>(
    db,
    sql`select coalesce(sum(i.total_cents - i.applied_cents), 0) as cents
          from invoices i join customer_balances b on b.customer_id = i.customer_id
         where i.status in ('open', 'partly_paid') and i.due_on >= ${today} and b.oldest_due_on < ${today}`,
  );
  return { ...sums, current_cents: current?.cents };
}

/** The report's totals and its count of customers (one pass over the report's rows). */
async function totalsOf(db: Db, filter: Filter, today: string): Promise<{ totals: AgingAmounts; count: number }> {
  const where = conditions(filter, today);
  const sums = await bucketTotals(db, filter, today, where);
  const [money] = await queryRows<{ open: unknown; credit: unknown; balance: unknown; count: unknown }>(
    db,
    sql`select coalesce(sum(b.open_cents), 0) as open, coalesce(sum(b.credit_cents), 0) as credit,
               coalesce(sum(b.balance_cents), 0) as balance, count(*) as count
          from customer_balances b where ${where}`,
  );
  return {
    totals: { ...buckets(sums), openCents: n(money?.open), creditCents: n(money?.credit), balanceCents: n(money?.balance) },
    count: n(money?.count),
  };
}

export async function agingReport(db: Db, req: AgingRequest, today: string): Promise<AgingResponse> {
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
