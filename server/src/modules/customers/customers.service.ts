import type {
  Customer,
  CustomerAddRequest,
  CustomerBalanceFilter,
  CustomerListItem,
  CustomerListRequest,
  CustomerModifyRequest,
  CustomerPreferences,
  CustomerSavePreferencesRequest,
  CustomerStatus,
  ListResponse,
  LocationFields,
} from '@tidyhouse/contract';
import { type AnyColumn, and, asc, count, desc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import { largeListTotal, largeTotal, orderOf, paged, totalCount } from '../../platform/list';
import type { Secrets } from '../../platform/secrets';
import { updateVersioned } from '../../platform/versioned';
import { customerBalances } from '../billing/invoices/invoices.tables';
import { paymentSummary } from '../billing/payments/payments.service';
import { customerPayments, customerRefunds } from '../billing/payments/payments.tables';
import { sysUsers, teams } from '../employees/employees.tables';
import { zones } from '../system/settings.tables';
import { connectRecords, customerDocuments, customerLocations, customerPreferences, customers } from './customers.tables';
import { insertLocation } from './locations.service';
import { assertTeam, teamsById } from './lookups';
import { cardOf, iso, refOf } from './mappers';
import { refreshCustomerIndex, searchCondition, searchTokens } from './search-terms';

export type CustomerRow = typeof customers.$inferSelect;

/** A live customer, or 10004. With `forUpdate`, the row is locked until the transaction ends. */
export async function loadCustomer(db: Db, id: number, forUpdate = false): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('customers.customer');
  return row;
}

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

export async function listCustomers(db: Db, req: CustomerListRequest): Promise<ListResponse<CustomerListItem>> {
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
  const where = and(isNull(customers.deletedAt), ...filters);
  /*
   * Two plans, both one query (bench/customers.ts). Without a search the page walks the sort column's
   * index and stops after the page. With a search the matches (found through the terms index) are
   * few next to the table: they are sorted as a set, and the sort key is made an expression so the planner cannot choose to walk the whole name
   * index probing each customer for the search (very slow when the search matches little or nothing).
   */
  // Customers in credit are few too (money paid ahead): found through the balance index, sorted as a set.
  const searching = searchTokens(req.keyword).length > 0 || req.balance === 'credit';
  const sortKey = (column: AnyColumn): AnyColumn | SQL => {
    if (!searching) return column;
    if (column.columnType === 'PgDateString') return sql`(${column} + 0)`;
    if (column.columnType === 'PgTimestamp') return sql`(${column} + interval '0 seconds')`;
    return sql`(${column} || '')`;
  };
  const query = db
    .select({
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
      /*
       * The maintained count, or the filtered matches counted up to a cap (platform/list.ts). A search
       * sorts all its matches anyway: the window counts them exactly at no extra cost, and keeps the
       * planner on the terms index (with a LIMIT alone it may sort the whole table and probe).
       */
      total: searching ? totalCount : largeListTotal('customers', customers, where, filtered),
    })
    .from(customers)
    .leftJoin(zones, eq(zones.id, customers.zoneId))
    .leftJoin(serviceTeam, eq(serviceTeam.id, customers.serviceTeamId))
    // Every customer has a row (migration 0033): inner, so the balance sort walks its index.
    .innerJoin(customerBalances, eq(customerBalances.customerId, customers.id))
    .where(where)
    .orderBy(
      ...orderOf(
        req.sort,
        {
          name: sortKey(customers.name),
          status: sortKey(customers.status),
          zip: sortKey(customers.zip),
          nextServiceDate: sortKey(customers.nextServiceDate),
          lastServiceDate: sortKey(customers.lastServiceDate),
          createdAt: sortKey(customers.createdAt),
          balanceCents: customerBalances.balanceCents,
        },
        [asc(sortKey(customers.name))],
        customers.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return {
    ...largeTotal(total, filtered && !searching),
    list: rows.map((r) => ({
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
    })),
  };
}

export async function customerDetail(db: Db, id: number): Promise<Customer> {
  const [row] = await db
    .select({
      customer: customers,
      zoneName: zones.name,
      zoneColor: zones.color,
      teamName: serviceTeam.name,
      teamColor: serviceTeam.color,
      createdBy: sysUsers.name,
      quoteReference: sql<string | null>`(select reference from quotes q where q.id = ${customers.quoteId})`,
      locations: sql<number>`(select count(*) from ${customerLocations} l where l.customer_id = ${customers.id} and l.deleted_at is null)`,
      documents: sql<number>`(select count(*) from ${customerDocuments} d where d.customer_id = ${customers.id} and d.deleted_at is null)`,
      payments: sql<number>`(select count(*) from ${customerPayments} p where p.customer_id = ${customers.id})`,
      refunds: sql<number>`(select count(*) from ${customerRefunds} r where r.customer_id = ${customers.id})`,
      connectRecords: sql<number>`(select count(*) from ${connectRecords} c where c.customer_id = ${customers.id} and c.deleted_at is null)`,
      quotes: sql<number>`(select count(*) from quotes q where q.customer_id = ${customers.id})`,
    })
    .from(customers)
    .leftJoin(zones, eq(zones.id, customers.zoneId))
    .leftJoin(serviceTeam, eq(serviceTeam.id, customers.serviceTeamId))
    .leftJoin(sysUsers, eq(sysUsers.id, customers.createdBy))
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  if (!row) throw notFound('customers.customer');
  const c = row.customer;
  return {
    id: c.id,
    version: c.version,
    name: c.name,
    company: c.company,
    phone1: c.phone1,
    phone2: c.phone2,
    phone3: c.phone3,
    email: c.email,
    language: c.language as Customer['language'],
    source: c.source,
    channel: c.channel,
    note: c.note,
    status: c.status,
    serviceTeam: refOf(c.serviceTeamId, row.teamName, row.teamColor),
    nextServiceDate: c.nextServiceDate,
    lastServiceDate: c.lastServiceDate,
    card: cardOf(c),
    address1: c.address1,
    city: c.city,
    zip: c.zip,
    zone: refOf(c.zoneId, row.zoneName, row.zoneColor),
    quote: c.quoteId !== null && row.quoteReference ? { id: c.quoteId, reference: row.quoteReference } : null,
    counts: {
      locations: Number(row.locations),
      documents: Number(row.documents),
      payments: Number(row.payments),
      refunds: Number(row.refunds),
      connectRecords: Number(row.connectRecords),
      quotes: Number(row.quotes),
    },
    payments: await paymentSummary(db, c.id),
    createdAt: iso(c.createdAt),
    createdBy: row.createdBy,
    updatedAt: iso(c.updatedAt),
  };
}

type ProfileFields = Omit<CustomerAddRequest, 'location' | 'status'>;

function profileValues(input: ProfileFields) {
  return {
    name: input.name,
    company: input.company,
    phone1: input.phone1,
    phone2: input.phone2,
    phone3: input.phone3,
    email: input.email,
    language: input.language,
    source: input.source,
    channel: input.channel,
    note: input.note,
    serviceTeamId: input.serviceTeamId,
    // No card columns: the card on file is written only by the gateway capture (billing/card-on-file).
  };
}

export interface NewCustomer {
  profile: ProfileFields;
  status: CustomerStatus;
  location: LocationFields | null;
  preferences?: Partial<typeof customerPreferences.$inferInsert>;
  quoteId?: number | null;
}

/** Creates a customer with its preferences row and, if given, its first (primary) location. */
export async function createCustomer(
  tx: Db,
  actorId: number,
  input: NewCustomer,
  secrets: Secrets,
): Promise<{ customer: CustomerRow; locationId: number | null }> {
  await assertTeam(tx, input.profile.serviceTeamId);
  await assertTeam(tx, input.preferences?.preferredTeamId ?? null);
  const [customer] = await tx
    .insert(customers)
    .values({
      ...profileValues(input.profile),
      status: input.status,
      quoteId: input.quoteId ?? null,
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await tx
    .insert(customerPreferences)
    .values({ ...input.preferences, customerId: customer!.id, createdBy: actorId, updatedBy: actorId });
  const location = input.location
    ? await insertLocation(tx, actorId, customer!.id, { ...input.location, isPrimary: true }, secrets)
    : null;
  await refreshCustomerIndex(tx, customer!.id);
  return { customer: customer!, locationId: location?.id ?? null };
}

export async function modifyCustomer(tx: Db, actorId: number, req: CustomerModifyRequest) {
  await assertTeam(tx, req.serviceTeamId);
  const result = await updateVersioned(tx, customers, 'customers.customer', req, profileValues(req), actorId);
  await refreshCustomerIndex(tx, req.id);
  return result;
}

export async function updateCustomerStatus(
  tx: Db,
  actorId: number,
  req: { id: number; version: number; status: CustomerStatus },
) {
  return updateVersioned(tx, customers, 'customers.customer', req, { status: req.status }, actorId);
}

/** Soft delete, refused while the customer has payments (money records keep their customer). */
export async function removeCustomer(tx: Db, actorId: number, req: { id: number; version: number }) {
  await loadCustomer(tx, req.id, true);
  const [payments] = await tx.select({ n: count() }).from(customerPayments).where(eq(customerPayments.customerId, req.id));
  if (Number(payments?.n) > 0) throw refused('customers.hasPayments');
  const { before } = await updateVersioned(tx, customers, 'customers.customer', req, { deletedAt: new Date() }, actorId);
  return before;
}

export async function readPreferences(db: Db, customerId: number): Promise<CustomerPreferences> {
  await loadCustomer(db, customerId);
  const [row] = await db.select().from(customerPreferences).where(eq(customerPreferences.customerId, customerId));
  if (!row) throw notFound('customers.customer');
  const team = (await teamsById(db, [row.preferredTeamId])).get(row.preferredTeamId ?? -1) ?? null;
  return {
    customerId,
    version: row.version,
    noticeMethod: row.noticeMethod,
    scheduledMethod: row.scheduledMethod,
    invoiceType: row.invoiceType,
    paymentMethod: row.paymentMethod,
    healthConcern: row.healthConcern,
    preferredTeamId: row.preferredTeamId,
    preferredTeam: team,
    preferredStartTime: row.preferredStartTime,
    frequency: row.frequency,
    noteDirections: row.noteDirections,
    travelDirections: row.travelDirections,
    updatedAt: iso(row.updatedAt),
  };
}

export async function savePreferences(tx: Db, actorId: number, req: CustomerSavePreferencesRequest) {
  await loadCustomer(tx, req.customerId);
  await assertTeam(tx, req.preferredTeamId);
  const [row] = await tx
    .select({ id: customerPreferences.id })
    .from(customerPreferences)
    .where(eq(customerPreferences.customerId, req.customerId));
  if (!row) throw notFound('customers.customer');
  const { customerId: _customer, version, ...values } = req;
  return updateVersioned(tx, customerPreferences, 'customers.customer', { id: row.id, version }, values, actorId);
}

/** Marketing channels in use (for suggestions), most used first. */
export async function channelsInUse(db: Db): Promise<string[]> {
  const rows = await db
    .select({ channel: customers.channel, n: count() })
    .from(customers)
    .where(and(isNull(customers.deletedAt), sql`${customers.channel} <> ''`))
    .groupBy(customers.channel)
    .orderBy(desc(count()))
    .limit(50);
  return rows.map((r) => r.channel);
}
