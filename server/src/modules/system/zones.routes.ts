import {
  AUTHENTICATED,
  listResponseOf,
  ZActiveStateRequest,
  ZId,
  ZIdVersion,
  ZZone,
  ZZoneAddRequest,
  ZZoneListRequest,
  ZZoneLookupRequest,
  ZZoneLookupResult,
  ZZoneModifyRequest,
  ZZoneOption,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff, pick } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineRoute, ZEmpty } from '../../platform/route';
import {
  addZone,
  listZones,
  lookupZip,
  modifyZone,
  removeZone,
  setZoneActive,
  ZONE_FIELDS,
  zoneDetail,
  zoneOptions,
} from './zones.service';

const SCREEN = '/sys/region';
const MODULE = 'zones';
const label = (zone: { name: string; code: string }) => `"${zone.name}" (${zone.code})`;

/** Zone Management: zones with their ZIP lists, and the ZIP lookup other screens use. */
export async function zonesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/zone/queryList',
    summary: 'List zones',
    permission: SCREEN,
    body: ZZoneListRequest,
    response: listResponseOf(ZZone),
    handler: (_request, body) => listZones(db, body),
  });

  defineRoute(app, {
    path: '/zone/detail',
    summary: 'One zone',
    permission: SCREEN,
    body: ZId,
    response: ZZone,
    handler: (_request, body) => zoneDetail(db, body.id),
  });

  // Customers, teams and scheduling resolve ZIPs and show zone colours whatever the role.
  defineRoute(app, {
    path: '/zone/lookup',
    summary: 'The zone of a ZIP code',
    permission: AUTHENTICATED,
    body: ZZoneLookupRequest,
    response: ZZoneLookupResult,
    handler: (_request, body) => lookupZip(db, body.zip),
  });

  defineRoute(app, {
    path: '/zone/options',
    summary: 'Zones to choose from',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: z.array(ZZoneOption),
    handler: () => zoneOptions(db),
  });

  defineRoute(app, {
    path: '/zone/add',
    summary: 'Add a zone',
    permission: SCREEN,
    body: ZZoneAddRequest,
    response: ZZone,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const zone = await addZone(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'add',
          recordType: 'zone',
          recordId: zone.id,
          details: { params: { kind: 'zone', name: `${zone.name} (${zone.code})` } },
          changes: diff({}, pick(zone, ZONE_FIELDS), { plain: ['code'] }),
        });
        return zone;
      }),
  });

  defineRoute(app, {
    path: '/zone/modify',
    summary: 'Edit a zone',
    permission: SCREEN,
    body: ZZoneModifyRequest,
    response: ZZone,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyZone(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'modify',
          recordType: 'zone',
          recordId: after.id,
          summary: `Modified zone ${label(after)}`,
          details: { params: { kind: 'zone', name: `${after.name} (${after.code})` } },
          changes: diff(pick(before, ZONE_FIELDS), pick(after, ZONE_FIELDS), { plain: ['code'] }),
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/zone/updateState',
    summary: 'Enable or disable a zone',
    permission: SCREEN,
    body: ZActiveStateRequest,
    response: ZZone,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await setZoneActive(tx, request.session!.userId, body.id, body.active);
        await audit(tx, request, {
          module: MODULE,
          action: body.active ? 'enable' : 'disable',
          recordType: 'zone',
          recordId: after.id,
          summary: `${body.active ? 'Activated' : 'Deactivated'} zone ${label(after)}`,
          details: {
            key: body.active ? 'record.enable' : 'record.disable',
            params: { kind: 'zone', name: `${after.name} (${after.code})` },
          },
          changes: { active: { from: before.active, to: after.active } },
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/zone/remove',
    summary: 'Delete a zone',
    permission: SCREEN,
    body: ZIdVersion,
    response: z.null(),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const zone = await removeZone(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'remove',
          recordType: 'zone',
          recordId: zone.id,
          summary: `Removed zone ${label(zone)}`,
          details: { params: { kind: 'zone', name: `${zone.name} (${zone.code})` } },
        });
        return null;
      }),
  });
}
