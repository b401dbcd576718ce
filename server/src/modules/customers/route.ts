import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { defineRoute, type RouteDef } from '../../platform/route';
import { rejectCardNumbers } from '../billing/card-on-file/card-guard';

export const CUSTOMER_LIST = '/customer/customerlist';
export const CUSTOMER_DETAIL = '/customer/customerdetail';
export const KEY_LIST = '/customer/secretkey';
export const COMMUNICATIONS = '/customer/connectrecord';
export const PAYMENTS_MANAGE = 'customer:payments:manage';

/** Registers a route of the customers domain: every one refuses a body carrying a full card number. */
export const customerRoute =
  (app: FastifyInstance) =>
  <B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>) =>
    defineRoute(app, { inspectBody: rejectCardNumbers, ...def });
