import {
  listResponseOf,
  ZLogClearRequest,
  ZLogClearResult,
  ZLoginLogEntry,
  ZLoginLogListRequest,
  ZOperationLogEntry,
  ZOperationLogListRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import { CLEAR_ACTION, CLEAR_MODULE, clearLogs, listLoginAttempts, listOperations } from './logs.service';

const SCREEN = '/sys/logs';

/** Login Tracker: login attempts, the operation log, and clearing both. */
export async function logsRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sysLog/queryLogin',
    summary: 'The login tracker: logins and failed attempts',
    permission: SCREEN,
    body: ZLoginLogListRequest,
    response: listResponseOf(ZLoginLogEntry),
    handler: (_request, body) => listLoginAttempts(db, body),
  });

  defineRoute(app, {
    path: '/sysLog/queryOperation',
    summary: 'The operation log: who changed what',
    permission: SCREEN,
    body: ZOperationLogListRequest,
    response: listResponseOf(ZOperationLogEntry),
    handler: (request, body) => listOperations(db, body, request.locale),
  });

  defineRoute(app, {
    path: '/sysLog/clear',
    summary: 'Clear login and operation logs',
    permission: 'sys:logs:clear',
    body: ZLogClearRequest,
    response: ZLogClearResult,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const result = await clearLogs(tx, body);
        await audit(tx, request, {
          module: CLEAR_MODULE,
          action: CLEAR_ACTION,
          details: {
            params: {
              target: `clear_${body.target}`,
              date: result.cutoffDate,
              option: `clear_${body.option}`,
              logins: result.loginDeleted,
              operations: result.operationDeleted,
            },
          },
          changes: {
            cutoffDate: { from: null, to: result.cutoffDate },
            loginDeleted: { from: null, to: result.loginDeleted },
            operationDeleted: { from: null, to: result.operationDeleted },
          },
        });
        return result;
      }),
  });
}
