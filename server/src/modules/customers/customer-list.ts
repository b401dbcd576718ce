import type { CustomerBalanceFilter, CustomerListItem, CustomerListRequest, ListResponse } from '@tidyhouse/contract';
import { type AnyColumn, and, asc, desc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, selectPrepared, sqlLiteral } from '../../platform/database';
import { largeListTotal, largeTotal, orderOf, paged, pagedUnfiltered, totalCount } from '../../platform/list';
import { customerBalances } from '../billing/invoices/invoices.tables';
import { teams } from '../employees/employees.tables';
import { zones } from '../system/settings.tables';
import { customers } from './customers.tables';
import { iso, refOf } from './mappers';
import { searchCondition, searchMatches, searchPageMatches, searchPageTotal, searchTokens } from './search-terms';

/** The customer list (`/customer/queryList`), on 100,000 customers: docs/performance.md "HTTP throughput". */

const serviceTeam = alias(teams, 'service_team');

/**
 * The list's balance filter: customers whose maintained balance is above zero (owes) or below (has
 * credit). Owing customers are many: a subquery on customers alone, so the capped count can use it
 * (largeListTotal). Customers in credit are few and sorted as a set: their ids are gathered once
 * from customer_balances_balance_idx into an array and the customers probed by key (as a join, the
 * planner would rather read every customer).
 */
function balanceFilter(filter: CustomerBalanceFilter | undefined): SQL | undefined {
  if (filter === 'owes')
    return sql`${customers.id} in (select customer_id from customer_balances where balance_cents <> 0 and balance_cents > 0)`;
  if (filter === 'credit')
    return sql`${customers.id} = any(array(select customer_id from customer_balances where balance_cents < 0))`;
  return undefined;
}

/** The columns of a list row (both plans). */
const listFields = {
  id: customers.id,
  name: customers.name,
  company: customers.company,
  phone1: customers.phone1,
  email: customers.email,
  status: customers.status,
  address1: customers.address1,
  city: customers.city,
  zip: customers.zip,
  zoneId: customers.zoneId,
  zoneName: zones.name,
  zoneColor: zones.color,
  teamId: customers.serviceTeamId,
  teamName: serviceTeam.name,
  teamColor: serviceTeam.color,
  nextServiceDate: customers.nextServiceDate,
  lastServiceDate: customers.lastServiceDate,
  source: customers.source,
  createdAt: customers.createdAt,
  balanceCents: customerBalances.balanceCents,
};

type ListRow = Omit<CustomerListItem, 'zone' | 'serviceTeam' | 'createdAt'> & {
  zoneId: number | null;
  zoneName: string | null;
  zoneColor: string | null;
  teamId: number | null;
  teamName: string | null;
  teamColor: string | null;
  createdAt: Date;
};

const listItem = (r: ListRow): CustomerListItem => ({
  id: r.id,
  name: r.name,
  company: r.company,
  phone1: r.phone1,
  email: r.email,
  status: r.status,
  address1: r.address1,
  city: r.city,
  zip: r.zip,
  zone: refOf(r.zoneId, r.zoneName, r.zoneColor),
  serviceTeam: refOf(r.teamId, r.teamName, r.teamColor),
  nextServiceDate: r.nextServiceDate,
  lastServiceDate: r.lastServiceDate,
  source: r.source,
  createdAt: iso(r.createdAt),
  balanceCents: r.balanceCents,
});

/** The sortable fields; `key` makes a column an expression when its index must not be walked. */
const sortColumns = (key: (column: AnyColumn) => AnyColumn | SQL): Record<string, AnyColumn | SQL> => ({
  name: key(customers.name),
  status: key(customers.status),
  zip: key(customers.zip),
  nextServiceDate: key(customers.nextServiceDate),
  lastServiceDate: key(customers.lastServiceDate),
  createdAt: key(customers.createdAt),
  balanceCents: customerBalances.balanceCents,
});
const SORTABLE = new Set(Object.keys(sortColumns((column) => column)));

/** The direction when the list is in name order (the default, and anything not sortable); else null. */
function nameOrder(sort: CustomerListRequest['sort']): 'ascend' | 'descend' | null {
  if (!sort || !SORTABLE.has(sort.field)) return 'ascend';
  return sort.field === 'name' ? sort.order : null;
}

/** A page of customers chosen by `page` (customer_id, sort_name, …): only its rows are read and joined. */
const pageOf = <Extra extends Record<string, SQL>>(db: Db, page: SQL, extra: Extra, direction: 'ascend' | 'descend') =>
  db
    .select({ ...listFields, ...extra })
    .from(sql`(${page}) as page`)
    .innerJoin(customers, eq(customers.id, sql`page.customer_id`))
    .leftJoin(zones, eq(zones.id, customers.zoneId))
    .leftJoin(serviceTeam, eq(serviceTeam.id, customers.serviceTeamId))
    .innerJoin(customerBalances, eq(customerBalances.customerId, customers.id))
    .orderBy((direction === 'descend' ? desc : asc)(sql`page.sort_name`), asc(sql`page.customer_id`));

/**
 * A search and nothing else, in name order (the search box): no customer row is read to choose the
 * page, only the terms index (each term carries its customer's name); then the page's customers are
 * read and joined. One word (searchPageMatches): each matching term's first names, the count exact up
 * to SEARCH_COUNT_CAP. Several words: their matches intersected (searchMatches), sorted, and counted
 * exactly by a window over those index rows.
 */
async function searchPage(
  db: Db,
  req: CustomerListRequest,
  tokens: string[],
  direction: 'ascend' | 'descend',
): Promise<ListResponse<CustomerListItem>> {
  const offset = (req.pageNum - 1) * req.pageSize;
  // Prepared (selectPrepared): the words are parameters of index ranges (startsWith), the page's size and
  // offset literals, so a search is planned once per connection and page, not on every call.
  if (tokens.length === 1) {
    const rows = await selectPrepared(
      db,
      pageOf(
        db,
        searchPageMatches(tokens[0]!, direction, req.pageSize, offset),
        { seen: sql<string>`page.seen`, customers: sql<string>`page.customers`, exact: sql<string | null>`page.exact` },
        direction,
      ),
    );
    return { ...searchPageTotal(rows[0]), list: rows.map(listItem) };
  }
  const dir = sql.raw(direction === 'descend' ? 'desc' : 'asc');
  const page = sql`select customer_id, sort_name, count(*) over() as total from (${searchMatches(tokens)}) as matches
    order by sort_name ${dir}, customer_id limit ${sqlLiteral(req.pageSize)} offset ${sqlLiteral(offset)}`;
  const rows = await selectPrepared(db, pageOf(db, page, { total: sql<string>`page.total` }, direction));
  return { ...largeTotal(rows[0] ? Number(rows[0].total) : 0, false), list: rows.map(listItem) };
}

export async function listCustomers(db: Db, req: CustomerListRequest): Promise<ListResponse<CustomerListItem>> {
  const tokens = searchTokens(req.keyword);
  const filters: (SQL | undefined)[] = [
    searchCondition(req.keyword),
    req.status ? eq(customers.status, req.status) : undefined,
    req.zoneId ? eq(customers.zoneId, req.zoneId) : undefined,
    req.serviceTeamId ? eq(customers.serviceTeamId, req.serviceTeamId) : undefined,
    req.nextServiceFrom ? gte(customers.nextServiceDate, req.nextServiceFrom) : undefined,
    req.nextServiceTo ? lte(customers.nextServiceDate, req.nextServiceTo) : undefined,
    req.lastServiceFrom ? gte(customers.lastServiceDate, req.lastServiceFrom) : undefined,
    req.lastServiceTo ? lte(customers.lastServiceDate, req.lastServiceTo) : undefined,
    req.source ? eq(customers.source, req.source) : undefined,
    balanceFilter(req.balance),
  ];
  const filtered = filters.some((f) => f !== undefined);
  // The status alone is counted by its own maintained counter (migration 0051), not up to the cap.
  const statusOnly = !!req.status && filters.filter((f) => f !== undefined).length === 1;
  const direction = nameOrder(req.sort);
  // The search is filters[0]: when it is the only filter, in name order, the terms index answers alone.
  if (tokens.length > 0 && direction && filters.slice(1).every((f) => f === undefined)) {
    return searchPage(db, req, tokens, direction);
  }
  const where = and(isNull(customers.deletedAt), ...filters);
  /*
   * Two plans, both one query (bench/customers.ts). Without a search the page walks the sort column's
   * index and stops after the page. With a search and other filters or another order (a search alone
   * in name order is searchPage) the matches (found through the terms index) are sorted as a set, and
   * the sort key is made an expression so the planner cannot choose to walk the whole name index
   * probing each customer for the search (very slow when the search matches little or nothing).
   */
  // Customers in credit are few too (money paid ahead): found through the balance index, sorted as a set.
  const searching = tokens.length > 0 || req.balance === 'credit';
  const sortKey = (column: AnyColumn): AnyColumn | SQL => {
    if (!searching) return column;
    if (column.columnType === 'PgDateString') return sql`(${column} + 0)`;
    if (column.columnType === 'PgTimestamp') return sql`(${column} + interval '0 seconds')`;
    return sql`(${column} || '')`;
  };
  const query = db
    .select({
      ...listFields,
      /*
       * The maintained count, or the filtered matches counted up to a cap (platform/list.ts). A search
       * sorts all its matches anyway: the window counts them exactly at no extra cost, and keeps the
       * planner on the terms index (with a LIMIT alone it may sort the whole table and probe).
       */
      total: searching
        ? totalCount
        : statusOnly
          ? largeListTotal(`customers:${req.status!}`, customers, where, false)
          : largeListTotal('customers', customers, where, filtered),
    })
    .from(customers)
    .leftJoin(zones, eq(zones.id, customers.zoneId))
    .leftJoin(serviceTeam, eq(serviceTeam.id, customers.serviceTeamId))
    // Every customer has a row (migration 0033): inner, so the balance sort walks its index.
    .innerJoin(customerBalances, eq(customerBalances.customerId, customers.id))
    .where(where)
    .orderBy(...orderOf(req.sort, sortColumns(sortKey), [asc(sortKey(customers.name))], customers.id))
    .$dynamic();
  // The list as it opens: its first page prepared once per connection (pagedUnfiltered).
  const { rows, total } = filtered || searching ? await paged(query, req) : await pagedUnfiltered(db, query, req);
  return {
    ...largeTotal(total, filtered && !searching),
    list: rows.map(listItem),
  };
}
