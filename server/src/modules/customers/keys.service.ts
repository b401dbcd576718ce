import type { CodeField, KeyEvent, KeyListItem, KeyListRequest, KeyModifyRequest, ListResponse } from '@tidyhouse/contract';
import { and, asc, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry } from '../../platform/audit';
import type { Db } from '../../platform/database';
import { notFound, refused } from '../../platform/errors';
import { likeEscape, orderOf, paged, totalCount } from '../../platform/list';
import type { Secrets } from '../../platform/secrets';
import { updateVersioned } from '../../platform/versioned';
import { sysUsers } from '../employees/employees.tables';
import { zones } from '../system/settings.tables';
import { customerKeyEvents, customerLocations, customers } from './customers.tables';
import { maskedCode } from './locations.service';
import { assertEmployee } from './lookups';
import { iso, refOf } from './mappers';

/** The Customer Key List (docs/business-rules.md "Key custody"). */

const holder = alias(sysUsers, 'key_holder');

export async function listKeys(db: Db, secrets: Secrets, req: KeyListRequest): Promise<ListResponse<KeyListItem>> {
  const keyword = req.keyword ? `%${likeEscape(req.keyword.toLowerCase())}%` : null;
  const conditions: (SQL | undefined)[] = [
    isNull(customerLocations.deletedAt),
    isNull(customers.deletedAt),
    keyword
      ? or(
          sql`lower(${customers.name}) like ${keyword}`,
          sql`lower(${customerLocations.name}) like ${keyword}`,
          sql`lower(${customerLocations.address1}) like ${keyword}`,
          sql`lower(${customerLocations.keyTag}) like ${keyword}`,
        )
      : undefined,
    req.keyLocation ? eq(customerLocations.keyLocation, req.keyLocation) : undefined,
    req.holderId ? eq(customerLocations.keyHolderId, req.holderId) : undefined,
    req.zoneId ? eq(customerLocations.zoneId, req.zoneId) : undefined,
    req.hasKey === true ? ne(customerLocations.keyTag, '') : req.hasKey === false ? eq(customerLocations.keyTag, '') : undefined,
  ];
  const query = db
    .select({
      location: customerLocations,
      customerName: customers.name,
      zoneName: zones.name,
      zoneColor: zones.color,
      holderName: holder.name,
      total: totalCount,
    })
    .from(customerLocations)
    .innerJoin(customers, eq(customers.id, customerLocations.customerId))
    .leftJoin(zones, eq(zones.id, customerLocations.zoneId))
    .leftJoin(holder, eq(holder.id, customerLocations.keyHolderId))
    .where(and(...conditions))
    .orderBy(
      ...orderOf(
        req.sort,
        {
          customerName: customers.name,
          locationName: customerLocations.name,
          keyTag: customerLocations.keyTag,
          keyLocation: customerLocations.keyLocation,
          keyCheckedOutAt: customerLocations.keyCheckedOutAt,
        },
        [asc(customers.name)],
        customerLocations.id,
      ),
    )
    .$dynamic();
  const { rows, total } = await paged(query, req);
  return {
    total,
    list: rows.map((r) => {
      const l = r.location;
      return {
        locationId: l.id,
        version: l.version,
        customer: { id: l.customerId, name: r.customerName },
        locationName: l.name,
        address1: l.address1,
        city: l.city,
        zip: l.zip,
        zone: refOf(l.zoneId, r.zoneName, r.zoneColor),
        keyCode: maskedCode(secrets, l.keyCodeEncrypted),
        alarmCode: maskedCode(secrets, l.alarmCodeEncrypted),
        gateCode: maskedCode(secrets, l.gateCodeEncrypted),
        keyTag: l.keyTag,
        keyLocation: l.keyLocation,
        keyHolder: l.keyHolderId !== null && r.holderName !== null ? { id: l.keyHolderId, name: r.holderName } : null,
        keyCheckedOutAt: l.keyCheckedOutAt ? iso(l.keyCheckedOutAt) : null,
      };
    }),
  };
}

type KeyAction = KeyEvent['action'];

function actionOf(
  before: { keyTag: string; keyLocation: string | null; keyHolderId: number | null },
  req: KeyModifyRequest,
): KeyAction | null {
  if (req.keyLocation === 'with_team' && (before.keyLocation !== 'with_team' || before.keyHolderId !== req.holderId))
    return 'check_out';
  if (req.keyLocation === 'office_safe' && before.keyLocation !== 'office_safe') return 'check_in';
  if (req.keyLocation === 'with_customer' && before.keyLocation !== 'with_customer') return 'to_customer';
  if (req.keyLocation === null && before.keyLocation !== null) return 'released';
  if (req.keyTag !== before.keyTag) return 'retagged';
  return null;
}

/** Changes the custody of a location's key and records the event. */
export async function modifyKeyCustody(tx: Db, actorId: number, req: KeyModifyRequest) {
  const holderId = req.keyLocation === 'with_team' ? req.holderId : null;
  await assertEmployee(tx, holderId);
  const [current] = await tx
    .select()
    .from(customerLocations)
    .where(and(eq(customerLocations.id, req.locationId), isNull(customerLocations.deletedAt)))
    .for('update');
  if (!current) throw notFound('customers.location');
  const now = new Date();
  // The same holder keeping the key keeps the moment it was checked out.
  const keyCheckedOutAt =
    holderId === null ? null : current.keyHolderId === holderId && current.keyCheckedOutAt ? current.keyCheckedOutAt : now;
  const { before, after } = await updateVersioned(
    tx,
    customerLocations,
    'customers.location',
    { id: req.locationId, version: req.version },
    { keyTag: req.keyTag, keyLocation: req.keyLocation, keyHolderId: holderId, keyCheckedOutAt },
    actorId,
  );
  const action = actionOf(before, req);
  if (action) {
    await tx.insert(customerKeyEvents).values({
      locationId: req.locationId,
      at: now,
      action,
      keyTag: req.keyTag,
      keyLocation: req.keyLocation,
      holderId,
      actorId,
    });
  }
  return { before, after, action };
}

/**
 * The operation log entry of a reveal: who saw which code of which location; the code itself is never
 * logged. One shape for the key list and the field app.
 */
export function revealAuditEntry(
  session: { name: string; uname: string },
  field: CodeField,
  location: { id: number; name: string },
  customerName: string,
): AuditEntry {
  return {
    module: 'customers',
    action: 'revealCode',
    recordType: 'customerLocation',
    recordId: location.id,
    summary: `${session.name} (${session.uname}) revealed the ${field} code of location "${location.name}" (#${location.id}) of customer ${customerName}`,
    details: {
      params: {
        user: session.name,
        uname: session.uname,
        field,
        location: location.name,
        locationId: location.id,
        customer: customerName,
      },
    },
  };
}

/** The plain text of one code; the caller writes the operation log entry in the same transaction. */
export async function revealCode(tx: Db, secrets: Secrets, locationId: number, field: CodeField) {
  const [row] = await tx
    .select({ location: customerLocations, customerName: customers.name })
    .from(customerLocations)
    .innerJoin(customers, eq(customers.id, customerLocations.customerId))
    .where(and(eq(customerLocations.id, locationId), isNull(customerLocations.deletedAt), isNull(customers.deletedAt)));
  if (!row) throw notFound('customers.location');
  const stored = {
    key: row.location.keyCodeEncrypted,
    alarm: row.location.alarmCodeEncrypted,
    gate: row.location.gateCodeEncrypted,
  }[field];
  if (!stored) throw refused('customers.noCode', { field: `customers.code.${field}` });
  return { value: secrets.decrypt(stored), location: row.location, customerName: row.customerName };
}

export async function keyHistory(db: Db, locationId: number): Promise<KeyEvent[]> {
  const [exists] = await db
    .select({ id: customerLocations.id })
    .from(customerLocations)
    .where(and(eq(customerLocations.id, locationId), isNull(customerLocations.deletedAt)));
  if (!exists) throw notFound('customers.location');
  const actor = alias(sysUsers, 'actor');
  const rows = await db
    .select({ event: customerKeyEvents, holderName: holder.name, actorName: actor.name })
    .from(customerKeyEvents)
    .leftJoin(holder, eq(holder.id, customerKeyEvents.holderId))
    .leftJoin(actor, eq(actor.id, customerKeyEvents.actorId))
    .where(eq(customerKeyEvents.locationId, locationId))
    .orderBy(desc(customerKeyEvents.at), desc(customerKeyEvents.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.event.id,
    at: iso(r.event.at),
    action: r.event.action as KeyAction,
    keyTag: r.event.keyTag,
    keyLocation: r.event.keyLocation,
    holder: r.event.holderId !== null && r.holderName !== null ? { id: r.event.holderId, name: r.holderName } : null,
    actor: r.actorName,
  }));
}
