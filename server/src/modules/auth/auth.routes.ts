import {
  AUTHENTICATED,
  PUBLIC,
  ZChangePasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMyProfile,
  ZUserInfo,
} from '@tidyhouse/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineRoute, ZEmpty, ZNull } from '../../platform/route';
import { endSession } from '../../platform/sessions';
import { changeOwnPassword, login, myProfile, userInfoOfSession } from './auth.service';

const clientMeta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export async function authRoutes(app: FastifyInstance, { db, config }: Deps) {
  defineRoute(app, {
    path: '/login',
    summary: 'Log in with user name and password; answers a session token',
    permission: PUBLIC,
    body: ZLoginRequest,
    response: ZLoginResponse,
    handler: (request, body) =>
      login(db, body, clientMeta(request), { locale: request.locale, slowdownMs: config.loginSlowdownMs }),
  });

  defineRoute(app, {
    path: '/loginOut',
    summary: 'Log out: end this session',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: ZNull,
    handler: async (request) => {
      await endSession(db, request.session!.sessionId, 'logout');
      return null;
    },
  });

  defineRoute(app, {
    path: '/getUserInfo',
    summary: 'The signed-in user, their permission keys and menu',
    method: 'GET',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: ZUserInfo,
    handler: (request) => userInfoOfSession(db, request.session!, request.locale),
  });

  defineRoute(app, {
    path: '/userCenter/profile',
    summary: "The signed-in user's own profile",
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: ZMyProfile,
    handler: (request) => myProfile(db, request.session!.userId, request.locale),
  });

  defineRoute(app, {
    path: '/userCenter/changePassword',
    summary: "Change the signed-in user's password",
    permission: AUTHENTICATED,
    body: ZChangePasswordRequest,
    response: ZNull,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        await changeOwnPassword(tx, request.session!, body);
        await audit(tx, request, {
          module: 'auth',
          action: 'changePassword',
          recordType: 'sysUser',
          recordId: request.session!.userId,
          details: { params: { uname: request.session!.uname } },
        });
        return null;
      }),
  });
}
