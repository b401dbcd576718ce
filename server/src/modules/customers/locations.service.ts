import { addressKey, type Location, type LocationFields, type LocationModifyRequest } from '@tidyhouse/contract';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import { maskSecret, type Secrets } from '../../platform/secrets';
import { updateVersioned } from '../../platform/versioned';
import { sysUsers } from '../employees/employees.tables';
import { zones } from '../system/settings.tables';
import { customerLocations, customers } from './customers.tables';
import { zoneOfZip } from './lookups';
import { iso, refOf } from './mappers';
import { refreshCustomerIndex } from './search-terms';

export type LocationRow = typeof customerLocations.$inferSelect;

/** A stored code shown masked ("••••42"), '' when there is none. */
export function maskedCode(secrets: Secrets, stored: string | null): string {
  if (!stored) return '';
  try {
    return maskSecret(secrets.decrypt(stored));
  } catch {
    // A code encrypted with another key cannot be read; show that one exists.
    return '••••';
  }
}

/** What to store for a code input: null keeps `current`, '' clears, text is encrypted. */
function codeValue(secrets: Secrets, input: string | null, current: string | null): string | null {
  if (input === null) return current;
  return input === '' ? null : secrets.encrypt(input);
}

const locationSelect = {
  location: customerLocations,
  zoneName: zones.name,
  zoneColor: zones.color,
  holderName: sysUsers.name,
};

type JoinedLocation = { location: LocationRow; zoneName: string | null; zoneColor: string | null; holderName: string | null };

export function toLocation(secrets: Secrets, row: JoinedLocation): Location {
  const l = row.location;
  return {
    id: l.id,
    version: l.version,
    customerId: l.customerId,
    name: l.name,
    address1: l.address1,
    address2: l.address2,
    city: l.city,
    state: l.state,
    zip: l.zip,
    zone: refOf(l.zoneId, row.zoneName, row.zoneColor),
    primaryContact: l.primaryContact,
    contactPhone: l.contactPhone,
    houseType: l.houseType,
    sqft: l.sqft,
    accessNotes: l.accessNotes,
    isPrimary: l.isPrimary,
    keyCode: maskedCode(secrets, l.keyCodeEncrypted),
    alarmCode: maskedCode(secrets, l.alarmCodeEncrypted),
    gateCode: maskedCode(secrets, l.gateCodeEncrypted),
    keyTag: l.keyTag,
    keyLocation: l.keyLocation,
    keyHolder: l.keyHolderId !== null && row.holderName !== null ? { id: l.keyHolderId, name: row.holderName } : null,
    keyCheckedOutAt: l.keyCheckedOutAt ? iso(l.keyCheckedOutAt) : null,
    updatedAt: iso(l.updatedAt),
  };
}

export async function listLocations(db: Db, secrets: Secrets, customerId: number) {
  const rows = await db
    .select(locationSelect)
    .from(customerLocations)
    .innerJoin(customers, eq(customers.id, customerLocations.customerId))
    .leftJoin(zones, eq(zones.id, customerLocations.zoneId))
    .leftJoin(sysUsers, eq(sysUsers.id, customerLocations.keyHolderId))
    .where(and(eq(customerLocations.customerId, customerId), isNull(customerLocations.deletedAt), isNull(customers.deletedAt)))
    .orderBy(asc(customerLocations.id));
  return { list: rows.map((r) => toLocation(secrets, r)), total: rows.length };
}

export async function locationDetail(db: Db, secrets: Secrets, id: number): Promise<Location> {
  const [row] = await db
    .select(locationSelect)
    .from(customerLocations)
    .leftJoin(zones, eq(zones.id, customerLocations.zoneId))
    .leftJoin(sysUsers, eq(sysUsers.id, customerLocations.keyHolderId))
    .where(and(eq(customerLocations.id, id), isNull(customerLocations.deletedAt)));
  if (!row) throw notFound('customers.location');
  return toLocation(secrets, row);
}

async function liveCustomerForUpdate(tx: Db, customerId: number) {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .for('update');
  if (!row) throw notFound('customers.customer');
}

function fieldValues(fields: LocationFields) {
  return {
    name: fields.name,
    address1: fields.address1,
    address2: fields.address2,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    addressKey: addressKey(fields.address1, fields.zip),
    primaryContact: fields.primaryContact,
    contactPhone: fields.contactPhone,
    houseType: fields.houseType,
    sqft: fields.sqft,
    accessNotes: fields.accessNotes,
  };
}

/** Only one primary location per customer: making one primary clears the others. */
async function settlePrimary(tx: Db, customerId: number, primaryId: number | null): Promise<void> {
  if (primaryId !== null) {
    await tx
      .update(customerLocations)
      .set({ isPrimary: false })
      .where(and(eq(customerLocations.customerId, customerId), ne(customerLocations.id, primaryId)));
    return;
  }
  const live = await tx
    .select({ id: customerLocations.id, isPrimary: customerLocations.isPrimary })
    .from(customerLocations)
    .where(and(eq(customerLocations.customerId, customerId), isNull(customerLocations.deletedAt)))
    .orderBy(asc(customerLocations.id));
  if (live.length > 0 && !live.some((l) => l.isPrimary)) {
    await tx.update(customerLocations).set({ isPrimary: true }).where(eq(customerLocations.id, live[0]!.id));
  }
}

/** Inserts a location (caller holds the customer); the first location of a customer is primary. */
export async function insertLocation(
  tx: Db,
  actorId: number,
  customerId: number,
  fields: LocationFields,
  secrets: Secrets,
): Promise<LocationRow> {
  const zone = await zoneOfZip(tx, fields.zip);
  const [row] = await tx
    .insert(customerLocations)
    .values({
      ...fieldValues(fields),
      customerId,
      zoneId: zone?.id ?? null,
      isPrimary: fields.isPrimary,
      keyCodeEncrypted: codeValue(secrets, fields.keyCode, null),
      alarmCodeEncrypted: codeValue(secrets, fields.alarmCode, null),
      gateCodeEncrypted: codeValue(secrets, fields.gateCode, null),
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  await settlePrimary(tx, customerId, fields.isPrimary ? row!.id : null);
  return row!;
}

export async function addLocation(tx: Db, actorId: number, customerId: number, fields: LocationFields, secrets: Secrets) {
  await liveCustomerForUpdate(tx, customerId);
  const row = await insertLocation(tx, actorId, customerId, fields, secrets);
  await refreshCustomerIndex(tx, customerId);
  return row;
}

export async function modifyLocation(tx: Db, actorId: number, req: LocationModifyRequest, secrets: Secrets) {
  const [current] = await tx.select().from(customerLocations).where(eq(customerLocations.id, req.id));
  if (!current || current.deletedAt) throw notFound('customers.location');
  await liveCustomerForUpdate(tx, current.customerId);
  const zone = await zoneOfZip(tx, req.zip);
  const result = await updateVersioned(
    tx,
    customerLocations,
    'customers.location',
    req,
    {
      ...fieldValues(req),
      zoneId: zone?.id ?? null,
      // A location stays primary until another one is made primary.
      isPrimary: req.isPrimary || current.isPrimary,
      keyCodeEncrypted: codeValue(secrets, req.keyCode, current.keyCodeEncrypted),
      alarmCodeEncrypted: codeValue(secrets, req.alarmCode, current.alarmCodeEncrypted),
      gateCodeEncrypted: codeValue(secrets, req.gateCode, current.gateCodeEncrypted),
    },
    actorId,
  );
  if (req.isPrimary) await settlePrimary(tx, current.customerId, req.id);
  await refreshCustomerIndex(tx, current.customerId);
  return result;
}

/** Soft delete; refused while the office or a team holds the location's key. */
export async function removeLocation(tx: Db, actorId: number, req: { id: number; version: number }) {
  const [current] = await tx.select().from(customerLocations).where(eq(customerLocations.id, req.id));
  if (!current || current.deletedAt) throw notFound('customers.location');
  await liveCustomerForUpdate(tx, current.customerId);
  const { before } = await updateVersioned(
    tx,
    customerLocations,
    'customers.location',
    req,
    { deletedAt: new Date(), isPrimary: false },
    actorId,
  );
  if (before.keyLocation === 'office_safe' || before.keyLocation === 'with_team') {
    throw refused('customers.keyStillHeld', { tag: before.keyTag });
  }
  await settlePrimary(tx, current.customerId, null);
  await refreshCustomerIndex(tx, current.customerId);
  return before;
}
