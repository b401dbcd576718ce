import type {
  Customer,
  CustomerAddRequest,
  CustomerModifyRequest,
  CustomerPreferences,
  CustomerSavePreferencesRequest,
  CustomerStatus,
  LocationFields,
} from '@tidyhouse/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import type { Secrets } from '../../platform/secrets';
import { updateVersioned } from '../../platform/versioned';
import { paymentSummary } from '../billing/payments/payments.service';
import { customerPayments, customerRefunds } from '../billing/payments/payments.tables';
import { sysUsers, teams } from '../employees/employees.tables';
import { zones } from '../system/settings.tables';
import { connectRecords, customerDocuments, customerLocations, customerPreferences, customers } from './customers.tables';
import { insertLocation } from './locations.service';
import { assertTeam, teamsById } from './lookups';
import { cardOf, iso, refOf } from './mappers';
import { refreshCustomerIndex } from './search-terms';

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

// The list lives in customer-list.ts (kept apart for its query plans); its callers import it from here.
export { listCustomers } from './customer-list';

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
