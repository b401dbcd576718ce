import {
  buildPermissionTree,
  listResponseOf,
  ZId,
  ZIdVersion,
  ZPermissionTree,
  ZRole,
  ZRoleAddRequest,
  ZRoleDetail,
  ZRoleListRequest,
  ZRoleModifyRequest,
  ZRoleSetPermissionsRequest,
  ZRoleStateRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff, pick } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineRoute, ZEmpty } from '../../platform/route';
import { addRole, listRoles, modifyRole, removeRole, roleDetail, setRoleEnabled, setRolePermissions } from './roles.service';

const SCREEN = '/sys/roleauthor';
const MODULE = 'roles';
const label = (role: { nameEn: string; nameZh: string }) => `"${role.nameEn} / ${role.nameZh}"`;

/** Role & Permission List: roles, their state and their permission keys. */
export async function rolesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sysRole/queryList',
    summary: 'List roles',
    permission: SCREEN,
    body: ZRoleListRequest,
    response: listResponseOf(ZRole),
    handler: (_request, body) => listRoles(db, body),
  });

  defineRoute(app, {
    path: '/sysRole/detail',
    summary: 'One role',
    permission: SCREEN,
    body: ZId,
    response: ZRoleDetail,
    handler: (_request, body) => roleDetail(db, body.id),
  });

  defineRoute(app, {
    path: '/sysRole/permissionTree',
    summary: 'Every permission key as a tree of screens and actions',
    permission: SCREEN,
    body: ZEmpty,
    response: ZPermissionTree,
    handler: async () => buildPermissionTree(),
  });

  defineRoute(app, {
    path: '/sysRole/add',
    summary: 'Add a role',
    permission: SCREEN,
    body: ZRoleAddRequest,
    response: ZRoleDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const role = await addRole(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'add',
          recordType: 'role',
          recordId: role.id,
          details: { params: { kind: 'role', nameEn: role.nameEn, nameZh: role.nameZh } },
          changes: { keys: { from: null, to: role.keys } },
        });
        return role;
      }),
  });

  defineRoute(app, {
    path: '/sysRole/modify',
    summary: 'Edit a role',
    permission: SCREEN,
    body: ZRoleModifyRequest,
    response: ZRoleDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyRole(tx, request.session!.userId, body);
        const fields = ['nameEn', 'nameZh', 'description', 'descriptionZh'] as const;
        await audit(tx, request, {
          module: MODULE,
          action: 'modify',
          recordType: 'role',
          recordId: after.id,
          summary: `Modified role ${label(after)}`,
          details: { params: { kind: 'role', nameEn: after.nameEn, nameZh: after.nameZh } },
          changes: diff(pick(before, fields), pick(after, fields)),
        });
        return roleDetail(tx, after.id);
      }),
  });

  defineRoute(app, {
    path: '/sysRole/updateState',
    summary: 'Enable or disable a role',
    permission: SCREEN,
    body: ZRoleStateRequest,
    response: z.object({ id: z.number().int(), enabled: z.boolean(), sessionsEnded: z.number().int() }),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { role, sessionsEnded } = await setRoleEnabled(tx, request.session!, body.id, body.enabled);
        await audit(tx, request, {
          module: MODULE,
          action: body.enabled ? 'enable' : 'disable',
          recordType: 'role',
          recordId: role.id,
          details: { params: { kind: 'role', nameEn: role.nameEn, nameZh: role.nameZh } },
          changes: { enabled: { from: role.enabled, to: body.enabled } },
        });
        return { id: role.id, enabled: body.enabled, sessionsEnded };
      }),
  });

  defineRoute(app, {
    path: '/sysRole/remove',
    summary: 'Delete a role',
    permission: SCREEN,
    body: ZIdVersion,
    response: z.null(),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const role = await removeRole(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'remove',
          recordType: 'role',
          recordId: role.id,
          summary: `Removed role ${label(role)} (${role.code})`,
          details: { params: { kind: 'role', nameEn: role.nameEn, nameZh: role.nameZh } },
        });
        return null;
      }),
  });

  defineRoute(app, {
    path: '/sysRole/setPermissions',
    summary: "Set a role's permission keys",
    permission: SCREEN,
    body: ZRoleSetPermissionsRequest,
    response: ZRoleDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { role, added, removed } = await setRolePermissions(tx, request.session!.userId, body);
        if (added.length || removed.length) {
          await audit(tx, request, {
            module: MODULE,
            action: 'setPermissions',
            recordType: 'role',
            recordId: role.id,
            details: { params: { nameEn: role.nameEn, nameZh: role.nameZh, added, removed } },
            changes: { added: { from: null, to: added }, removed: { from: removed, to: null } },
          });
        }
        return roleDetail(tx, role.id);
      }),
  });
}
