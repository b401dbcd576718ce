import { ZMailInbox, ZMailParams, ZMailParamsModifyRequest } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { runningMailCatcher } from '../../platform/mail-catcher';
import { defineRoute, ZEmpty } from '../../platform/route';
import { mailParams, modifyMailParams } from './mail-params.service';

/** E-mail settings of the location parameters, and the built-in catcher's inbox (demo and tests). */
export async function mailRoutes(app: FastifyInstance, { db, secrets }: Deps, screen: string) {
  defineRoute(app, {
    path: '/sysParam/mailParams',
    summary: 'E-mail (SMTP) settings, password masked',
    permission: screen,
    body: ZEmpty,
    response: ZMailParams,
    handler: () => mailParams(db, secrets),
  });

  defineRoute(app, {
    path: '/sysParam/mailParamsModify',
    summary: 'Change the e-mail (SMTP) settings',
    permission: screen,
    body: ZMailParamsModifyRequest,
    response: ZMailParams,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { changes, passwordChange, detail } = await modifyMailParams(tx, secrets, request.session!.userId, body);
        const fields = Object.keys(changes ?? {});
        await audit(tx, request, {
          module: 'parameters',
          action: 'mailParamsModify',
          recordType: 'mailParameters',
          recordId: 1,
          summary: `Changed the e-mail settings: ${[fields.join(', '), passwordChange ? `password ${passwordChange}` : ''].filter(Boolean).join('; ') || 'nothing'}`,
          details: { params: { fields: passwordChange ? [...fields, 'password'] : fields } },
          changes: passwordChange ? { ...changes, password: { from: '***', to: passwordChange } } : changes,
        });
        return detail;
      }),
  });

  defineRoute(app, {
    path: '/sysParam/mailInbox',
    summary: 'Messages held by the built-in mail catcher',
    permission: screen,
    body: ZEmpty,
    response: ZMailInbox,
    handler: async () => {
      const catcher = runningMailCatcher();
      return { running: catcher !== null, list: catcher?.inbox() ?? [] };
    },
  });
}
