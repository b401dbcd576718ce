import {
  listResponseOf,
  ZId,
  ZPayRate,
  ZPayRateAddBatchRequest,
  ZPayRateAddBatchResponse,
  ZPayRateCorrectRequest,
  ZPayRateCurrentRequest,
  ZPayRateListRequest,
  ZPayRateRemoveRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import { addPayRates, correctPayRate, currentPayRate, listPayRates, payRateDetail, removePayRate } from './pay.service';

/** Wages are sensitive: every pay-rate call needs its own action key. */
const PAY = 'employee:pay:manage';

/** Pay rates (spec §7 /sysUserPay): history, batch rates, the rate in force. */
export async function payRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/sysUserPay/queryList',
    summary: "An employee's pay rates over time",
    permission: PAY,
    body: ZPayRateListRequest,
    response: listResponseOf(ZPayRate),
    handler: (request, body) => listPayRates(db, body, request.locale),
  });

  defineRoute(app, {
    path: '/sysUserPay/detail',
    summary: 'One pay rate',
    permission: PAY,
    body: ZId,
    response: ZPayRate,
    handler: (request, body) => payRateDetail(db, body.id, request.locale),
  });

  defineRoute(app, {
    path: '/sysUserPay/current',
    summary: "An employee's pay rates in force today",
    permission: PAY,
    body: ZPayRateCurrentRequest,
    response: ZPayRate.nullable(),
    handler: (request, body) => currentPayRate(db, body, request.locale),
  });

  defineRoute(app, {
    path: '/sysUserPay/addBatch',
    summary: 'Set new pay rates from a date',
    permission: PAY,
    body: ZPayRateAddBatchRequest,
    response: ZPayRateAddBatchResponse,
    handler: (request, body) => db.transaction((tx) => addPayRates(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUserPay/correct',
    summary: 'Correct a pay rate, with a reason (until wages for its dates are approved)',
    permission: PAY,
    body: ZPayRateCorrectRequest,
    response: z.object({ id: z.number().int() }),
    handler: (request, body) => db.transaction((tx) => correctPayRate(tx, request, body)),
  });

  defineRoute(app, {
    path: '/sysUserPay/remove',
    summary: 'Delete a pay rate',
    permission: PAY,
    body: ZPayRateRemoveRequest,
    response: z.object({ id: z.number().int() }),
    handler: (request, body) => db.transaction((tx) => removePayRate(tx, request, body)),
  });
}
