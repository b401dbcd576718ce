import {
  AUTHENTICATED,
  listResponseOf,
  PHOTO_MAX_BYTES,
  ZBlockRequest,
  ZEmployeeAddRequest,
  ZEmployeeDetail,
  ZEmployeeListItem,
  ZEmployeeListRequest,
  ZEmployeeModifyRequest,
  ZEmployeePhotoQuery,
  ZEmployeePhotoResponse,
  ZEmployeePhotoUploadRequest,
  ZEmployeeReinstateRequest,
  ZEmployeeRemoveRequest,
  ZEmployeeSaved,
  ZEmployeeSetSkillsRequest,
  ZEmployeeStateResponse,
  ZEmployeeTerminateRequest,
  ZEmployeeUpdateStateRequest,
  ZId,
  ZRoleOption,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { describeRawAnswer, describeRoute } from '../../platform/openapi';
import { defineRoute, ZEmpty } from '../../platform/route';
import { readPhoto, removePhoto, savePhoto } from './employee-photos.service';
import { employeeDetail, listEmployees, roleOptions } from './employees.query';
import {
  addEmployee,
  endSessionsOf,
  modifyEmployee,
  reinstateEmployee,
  removeEmployee,
  setAccountBlocked,
  setEmployeeEnabled,
  setEmployeeSkills,
  terminateEmployee,
} from './employees.service';

const LIST = '/employee/employeelist';
const ADD = '/employee/employeelist/add';
const UPDATE = '/employee/employeelist/update';

/** Employee Profile, Add Employee and Edit Employee (spec §2, §7 /sysUser). */
export async function employeesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sysUser/queryList',
    summary: 'List employees (paged, searched, filtered)',
    permission: LIST,
    body: ZEmployeeListRequest,
    response: listResponseOf(ZEmployeeListItem),
    handler: (request, body) => listEmployees(db, body, request.locale),
  });

  // Job roles for the form and the list filter.
  defineRoute(app, {
    path: '/sysUser/roleOptions',
    summary: 'Roles an employee account can be given',
    permission: LIST,
    body: ZEmpty,
    response: zod.array(ZRoleOption),
    handler: (request) => roleOptions(db, request.locale),
  });

  // getCheckedSkills (spec §7) reads the skills of this answer.
  defineRoute(app, {
    path: '/sysUser/detail',
    summary: 'One employee',
    permission: LIST,
    body: ZId,
    response: ZEmployeeDetail,
    handler: (request, body) => employeeDetail(db, body.id, request.locale),
  });

  defineRoute(app, {
    path: '/sysUser/add',
    summary: 'Add an employee',
    permission: ADD,
    body: ZEmployeeAddRequest,
    response: ZEmployeeSaved,
    handler: (request, body) => db.transaction((tx) => addEmployee(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/modify',
    summary: 'Edit an employee',
    permission: UPDATE,
    body: ZEmployeeModifyRequest,
    response: ZEmployeeSaved,
    handler: (request, body) => db.transaction((tx) => modifyEmployee(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/remove',
    summary: 'Delete an employee',
    permission: UPDATE,
    body: ZEmployeeRemoveRequest,
    response: ZEmployeeSaved,
    handler: (request, body) => db.transaction((tx) => removeEmployee(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/updateState',
    summary: "Enable or disable an employee's login",
    permission: UPDATE,
    body: ZEmployeeUpdateStateRequest,
    response: ZEmployeeStateResponse,
    handler: (request, body) => db.transaction((tx) => setEmployeeEnabled(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/terminate',
    summary: 'Terminate an employee',
    permission: UPDATE,
    body: ZEmployeeTerminateRequest,
    response: ZEmployeeStateResponse,
    handler: (request, body) => db.transaction((tx) => terminateEmployee(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/reinstate',
    summary: 'Reinstate a terminated employee',
    permission: UPDATE,
    body: ZEmployeeReinstateRequest,
    response: ZEmployeeStateResponse,
    handler: (request, body) => db.transaction((tx) => reinstateEmployee(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/setUserSkill',
    summary: "Set an employee's skills",
    permission: UPDATE,
    body: ZEmployeeSetSkillsRequest,
    response: zod.object({ id: zod.number(), skillIds: zod.array(zod.number()) }),
    handler: (request, body) => db.transaction((tx) => setEmployeeSkills(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/uploadPhoto',
    summary: "Upload an employee's photo",
    permission: UPDATE,
    // A 2 MB image is about 2.7 MB as base64 text.
    bodyLimit: Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64 * 1024,
    body: ZEmployeePhotoUploadRequest,
    response: ZEmployeePhotoResponse,
    handler: (request, body) => db.transaction((tx) => savePhoto(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUser/removePhoto',
    summary: "Remove an employee's photo",
    permission: UPDATE,
    body: ZId,
    response: ZEmployeePhotoResponse,
    handler: (request, body) => db.transaction((tx) => removePhoto(tx, request, body)),
  });

  // The photo itself: binary, so no envelope. Any logged-in user (boards show photos); the `v` of
  // the list's photoTag makes the URL immutable, so it is cached for good; otherwise revalidated by ETag.
  app.route({
    method: 'GET',
    url: '/sysUser/photo',
    config: { permission: AUTHENTICATED },
    schema: {
      ...describeRoute("An employee's photo (the image itself)", AUTHENTICATED),
      ...describeRawAnswer('image/*'),
      querystring: ZEmployeePhotoQuery,
    },
    handler: async (request, reply) => {
      const query = request.query as z.infer<typeof ZEmployeePhotoQuery>;
      const photo = await readPhoto(db, query.id);
      const etag = `"${photo.tag}"`;
      reply
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', query.v === photo.tag ? 'private, max-age=31536000, immutable' : 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(photo.contentType).send(photo.bytes);
    },
  });

  defineRoute(app, {
    path: '/sysUser/isBlocking',
    summary: "Freeze or unfreeze an employee's account",
    permission: 'employee:account:block',
    body: ZBlockRequest,
    response: zod.object({ id: zod.number(), accountStatus: zod.string() }),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { user, accountStatus } = await setAccountBlocked(tx, request, body.id, body.blocked);
        await audit(tx, request, {
          module: 'employees',
          action: body.blocked ? 'freeze' : 'unfreeze',
          recordType: 'sysUser',
          recordId: user.id,
          summary: `${body.blocked ? 'Froze' : 'Unfroze'} the account of ${user.name} (${user.uname})`,
          details: { params: { name: user.name, uname: user.uname } },
          changes: { accountStatus: { from: user.accountStatus, to: accountStatus } },
        });
        return { id: user.id, accountStatus };
      }),
  });

  defineRoute(app, {
    path: '/sysUser/endSessions',
    summary: "Sign an employee out everywhere (a cleaner's lost phone) without freezing the account",
    permission: 'employee:account:block',
    body: ZId,
    response: zod.object({ id: zod.number(), ended: zod.number() }),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { user, ended } = await endSessionsOf(tx, request, body.id);
        await audit(tx, request, {
          module: 'employees',
          action: 'endSessions',
          recordType: 'sysUser',
          recordId: user.id,
          summary: `Ended ${ended} session(s) of ${user.name} (${user.uname})`,
          details: { params: { name: user.name, uname: user.uname, count: ended } },
        });
        return { id: user.id, ended };
      }),
  });
}
