import {
  listResponseOf,
  withCausedConflicts,
  ZId,
  ZLeave,
  ZLeaveAddRequest,
  ZLeaveListRequest,
  ZLeaveModifyRequest,
  ZLeaveRemoveRequest,
  ZRecordSaved,
  ZRemark,
  ZRemarkAddRequest,
  ZRemarkListRequest,
  ZRemarkModifyRequest,
  ZRemarkRemoveRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import { rangeOf, withConflicts } from '../service/conflicts/conflicts.query';
import { addLeave, leaveDetail, listLeaves, modifyLeave, removeLeave } from './leave.service';
import { addRemark, listRemarks, modifyRemark, remarkDetail, removeRemark } from './remarks.service';

const UPDATE = '/employee/employeelist/update';

/** The Remarks and Leave tabs of Edit Employee (spec §7 /sysUserRemark, /sysUserLeave). */
export async function employeeRecordsRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sysUserRemark/queryList',
    summary: "An employee's remarks",
    permission: UPDATE,
    body: ZRemarkListRequest,
    response: listResponseOf(ZRemark),
    handler: (request, body) => listRemarks(db, request, body),
  });
  defineRoute(app, {
    path: '/sysUserRemark/detail',
    summary: 'One employee remark',
    permission: UPDATE,
    body: ZId,
    response: ZRemark,
    handler: (request, body) => remarkDetail(db, request, body.id),
  });
  defineRoute(app, {
    path: '/sysUserRemark/add',
    summary: 'Add a remark about an employee',
    permission: UPDATE,
    body: ZRemarkAddRequest,
    response: ZRecordSaved,
    handler: (request, body) => db.transaction((tx) => addRemark(tx, request, body)),
  });
  defineRoute(app, {
    path: '/sysUserRemark/modify',
    summary: 'Edit an employee remark',
    permission: UPDATE,
    body: ZRemarkModifyRequest,
    response: ZRecordSaved,
    handler: (request, body) => db.transaction((tx) => modifyRemark(tx, request, body)),
  });
  defineRoute(app, {
    path: '/sysUserRemark/remove',
    summary: 'Delete an employee remark',
    permission: UPDATE,
    body: ZRemarkRemoveRequest,
    response: ZRecordSaved,
    handler: (request, body) => db.transaction((tx) => removeRemark(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUserLeave/queryList',
    summary: "An employee's leave",
    permission: UPDATE,
    body: ZLeaveListRequest,
    response: listResponseOf(ZLeave),
    handler: (_request, body) => listLeaves(db, body),
  });
  defineRoute(app, {
    path: '/sysUserLeave/detail',
    summary: 'One leave record',
    permission: UPDATE,
    body: ZId,
    response: ZLeave,
    handler: (_request, body) => leaveDetail(db, body.id),
  });
  defineRoute(app, {
    path: '/sysUserLeave/add',
    summary: 'Record leave for an employee',
    permission: UPDATE,
    body: ZLeaveAddRequest,
    // Leave is saved even over a job; the answer lists the jobs it touches (issue 20).
    response: withCausedConflicts(ZRecordSaved),
    handler: (request, body) =>
      db.transaction((tx) =>
        withConflicts(tx, request.locale, rangeOf(body.startDate, body.endDate), () => addLeave(tx, request, body)),
      ),
  });
  defineRoute(app, {
    path: '/sysUserLeave/modify',
    summary: 'Edit a leave record',
    permission: UPDATE,
    body: ZLeaveModifyRequest,
    response: withCausedConflicts(ZRecordSaved),
    handler: (request, body) =>
      db.transaction((tx) =>
        withConflicts(tx, request.locale, rangeOf(body.startDate, body.endDate), () => modifyLeave(tx, request, body)),
      ),
  });
  defineRoute(app, {
    path: '/sysUserLeave/remove',
    summary: 'Delete a leave record',
    permission: UPDATE,
    body: ZLeaveRemoveRequest,
    response: ZRecordSaved,
    handler: (request, body) => db.transaction((tx) => removeLeave(tx, request, body)),
  });
}
