import {
  ZId,
  ZKeyHistoryRequest,
  ZKeyHistoryResponse,
  ZKeyListRequest,
  ZKeyListResponse,
  ZKeyModifyRequest,
  ZKeyRevealRequest,
  ZKeyRevealResponse,
  ZLocation,
  ZLocationAddRequest,
  ZLocationListRequest,
  ZLocationListResponse,
  ZLocationModifyRequest,
  ZSaved,
  ZVersionedId,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit, diff } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { keyHistory, listKeys, modifyKeyCustody, revealAuditEntry, revealCode } from './keys.service';
import { addLocation, listLocations, locationDetail, modifyLocation, removeLocation } from './locations.service';
import { auditView } from './mappers';
import { CUSTOMER_DETAIL, customerRoute, KEY_LIST } from './route';

export async function locationsRoutes(app: FastifyInstance, { db, secrets }: Deps) {
  const route = customerRoute(app);

  route({
    path: '/customerLocation/queryList',
    summary: "A customer's service locations",
    permission: CUSTOMER_DETAIL,
    body: ZLocationListRequest,
    response: ZLocationListResponse,
    handler: (_request, body) => listLocations(db, secrets, body.customerId),
  });

  route({
    path: '/customerLocation/detail',
    summary: 'One service location',
    permission: CUSTOMER_DETAIL,
    body: ZId,
    response: ZLocation,
    handler: (_request, body) => locationDetail(db, secrets, body.id),
  });

  route({
    path: '/customerLocation/add',
    summary: 'Add a service location to a customer',
    permission: CUSTOMER_DETAIL,
    body: ZLocationAddRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { customerId, ...fields } = body;
        const row = await addLocation(tx, request.session!.userId, customerId, fields, secrets);
        await audit(tx, request, {
          module: 'customers',
          action: 'addLocation',
          recordType: 'customerLocation',
          recordId: row.id,
          details: { params: { name: row.name, address: `${row.address1}, ${row.zip}`, customerId } },
        });
        return { id: row.id, version: row.version };
      }),
  });

  route({
    path: '/customerLocation/modify',
    summary: 'Edit a service location',
    permission: CUSTOMER_DETAIL,
    body: ZLocationModifyRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyLocation(tx, request.session!.userId, body, secrets);
        const changes = diff(auditView(before), auditView(after)) ?? {};
        // Which codes changed, never their values.
        for (const code of ['keyCode', 'alarmCode', 'gateCode'] as const) {
          if (body[code] !== null) changes[code] = { from: '***', to: body[code] === '' ? '(cleared)' : '***' };
        }
        await audit(tx, request, {
          module: 'customers',
          action: 'modifyLocation',
          recordType: 'customerLocation',
          recordId: after.id,
          details: { params: { name: after.name, customerId: after.customerId } },
          changes,
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/customerLocation/remove',
    summary: 'Delete a service location',
    permission: CUSTOMER_DETAIL,
    body: ZVersionedId,
    response: ZId,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const before = await removeLocation(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'removeLocation',
          recordType: 'customerLocation',
          recordId: before.id,
          details: { params: { name: before.name, customerId: before.customerId } },
        });
        return { id: before.id };
      }),
  });

  // ---- Customer Key List ----

  route({
    path: '/customerKey/queryList',
    summary: 'List customer keys and where they are (paged)',
    permission: KEY_LIST,
    body: ZKeyListRequest,
    response: ZKeyListResponse,
    handler: (_request, body) => listKeys(db, secrets, body),
  });

  route({
    path: '/customerKey/modify',
    summary: "Change a location's key tag, place or holder",
    permission: KEY_LIST,
    body: ZKeyModifyRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after, action } = await modifyKeyCustody(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'keyCustody',
          recordType: 'customerLocation',
          recordId: after.id,
          details: { params: { name: after.name, tag: after.keyTag || '—', event: action ?? 'unchanged' } },
          changes: {
            keyLocation: { from: before.keyLocation, to: after.keyLocation },
            keyHolderId: { from: before.keyHolderId, to: after.keyHolderId },
            keyTag: { from: before.keyTag, to: after.keyTag },
          },
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/customerKey/reveal',
    summary: "Reveal a location's key, alarm or gate code (audited)",
    permission: 'customer:keys:reveal',
    body: ZKeyRevealRequest,
    response: ZKeyRevealResponse,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { value, location, customerName } = await revealCode(tx, secrets, body.locationId, body.field);
        await audit(tx, request, revealAuditEntry(request.session!, body.field, location, customerName));
        return { locationId: location.id, field: body.field, value };
      }),
  });

  route({
    path: '/customerKey/history',
    summary: "A location key's movements",
    permission: KEY_LIST,
    body: ZKeyHistoryRequest,
    response: ZKeyHistoryResponse,
    handler: (_request, body) => keyHistory(db, body.locationId),
  });
}
