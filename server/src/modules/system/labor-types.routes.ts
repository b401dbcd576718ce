import {
  AUTHENTICATED,
  listResponseOf,
  PAY_MANAGE_KEY,
  ZActiveStateRequest,
  ZId,
  ZIdVersion,
  ZLaborType,
  ZLaborTypeAddRequest,
  ZLaborTypeListRequest,
  ZLaborTypeModifyRequest,
  ZLaborTypeOption,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff, pick } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { callerHolds } from '../../platform/permissions';
import { defineRoute, ZEmpty } from '../../platform/route';
import {
  addLaborType,
  LABOR_TYPE_FIELDS,
  laborTypeDetail,
  laborTypeOptions,
  listLaborTypes,
  modifyLaborType,
  removeLaborType,
  setLaborTypeActive,
} from './labor-types.service';

const SCREEN = '/sys/labortype';
const MODULE = 'laborTypes';

/** Labor Management: labor types with their default pay rate. */
export async function laborTypesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/laborType/queryList',
    summary: 'List labor types',
    permission: SCREEN,
    body: ZLaborTypeListRequest,
    response: listResponseOf(ZLaborType),
    handler: (_request, body) => listLaborTypes(db, body),
  });

  defineRoute(app, {
    path: '/laborType/detail',
    summary: 'One labor type',
    permission: SCREEN,
    body: ZId,
    response: ZLaborType,
    handler: (_request, body) => laborTypeDetail(db, body.id),
  });

  // Pay rates, time cards and wages pick labor types whatever the role.
  defineRoute(app, {
    path: '/laborType/options',
    summary: 'Labor types to choose from',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: z.array(ZLaborTypeOption),
    handler: async (request) => laborTypeOptions(db, await callerHolds(db, request, PAY_MANAGE_KEY)),
  });

  defineRoute(app, {
    path: '/laborType/add',
    summary: 'Add a labor type',
    permission: SCREEN,
    body: ZLaborTypeAddRequest,
    response: ZLaborType,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await addLaborType(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'add',
          recordType: 'laborType',
          recordId: row.id,
          summary: `Added the labor type "${row.nameEn} / ${row.nameZh}"`,
          details: { params: { kind: 'laborType', nameEn: row.nameEn, nameZh: row.nameZh } },
          changes: diff({}, pick(row, LABOR_TYPE_FIELDS)),
        });
        return row;
      }),
  });

  defineRoute(app, {
    path: '/laborType/modify',
    summary: 'Edit a labor type',
    permission: SCREEN,
    body: ZLaborTypeModifyRequest,
    response: ZLaborType,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyLaborType(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'modify',
          recordType: 'laborType',
          recordId: after.id,
          summary: `Modified the labor type "${after.nameEn} / ${after.nameZh}"`,
          details: { params: { kind: 'laborType', nameEn: after.nameEn, nameZh: after.nameZh } },
          changes: diff(pick(before, LABOR_TYPE_FIELDS), pick(after, LABOR_TYPE_FIELDS)),
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/laborType/updateState',
    summary: 'Enable or disable a labor type',
    permission: SCREEN,
    body: ZActiveStateRequest,
    response: ZLaborType,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await setLaborTypeActive(tx, request.session!.userId, body.id, body.active);
        await audit(tx, request, {
          module: MODULE,
          action: body.active ? 'enable' : 'disable',
          recordType: 'laborType',
          recordId: after.id,
          summary: `${body.active ? 'Activated' : 'Deactivated'} the labor type "${after.nameEn} / ${after.nameZh}"`,
          details: {
            key: body.active ? 'record.enable' : 'record.disable',
            params: { kind: 'laborType', nameEn: after.nameEn, nameZh: after.nameZh },
          },
          changes: { active: { from: before.active, to: after.active } },
        });
        return after;
      }),
  });

  defineRoute(app, {
    path: '/laborType/remove',
    summary: 'Delete a labor type',
    permission: SCREEN,
    body: ZIdVersion,
    response: z.null(),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await removeLaborType(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'remove',
          recordType: 'laborType',
          recordId: row.id,
          summary: `Removed the labor type "${row.nameEn} / ${row.nameZh}"`,
          details: { params: { kind: 'laborType', nameEn: row.nameEn, nameZh: row.nameZh } },
        });
        return null;
      }),
  });
}
