import { ZBlockRequest } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import { setAccountBlocked } from './employees.service';

export async function employeesRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sysUser/isBlocking',
    permission: 'employee:account:block',
    body: ZBlockRequest,
    response: z.object({ id: z.number(), accountStatus: z.string() }),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { user, accountStatus } = await setAccountBlocked(tx, request.session!.userId, body.id, body.blocked);
        await audit(tx, request, {
          module: 'employees',
          action: body.blocked ? 'freeze' : 'unfreeze',
          recordType: 'sysUser',
          recordId: user.id,
          summary: `${body.blocked ? 'Froze' : 'Unfroze'} the account of ${user.name} (${user.uname})`,
          changes: { accountStatus: { from: user.accountStatus, to: accountStatus } },
        });
        return { id: user.id, accountStatus };
      }),
  });
}
