import {
  AUTHENTICATED,
  ZCustomer,
  ZCustomerAddRequest,
  ZCustomerListRequest,
  ZCustomerListResponse,
  ZCustomerModifyRequest,
  ZCustomerOptions,
  ZCustomerPreferences,
  ZCustomerPreferencesRequest,
  ZCustomerSavePreferencesRequest,
  ZCustomerUpdateStatusRequest,
  ZId,
  ZSaved,
  ZVersionedId,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit, diff } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { ZEmpty } from '../../platform/route';
import { communicationsRoutes } from './communications.routes';
import {
  channelsInUse,
  createCustomer,
  customerDetail,
  listCustomers,
  modifyCustomer,
  readPreferences,
  removeCustomer,
  savePreferences,
  updateCustomerStatus,
} from './customers.service';
import { locationsRoutes } from './locations.routes';
import { optionLists } from './lookups';
import { auditView } from './mappers';
import { recordsRoutes } from './records.routes';
import { CUSTOMER_DETAIL, CUSTOMER_LIST, customerRoute } from './route';

export async function customersRoutes(app: FastifyInstance, deps: Deps) {
  const { db, secrets } = deps;
  const route = customerRoute(app);

  route({
    path: '/customer/options',
    summary: 'Choices for customer forms: teams, employees, zones, channels',
    permission: AUTHENTICATED,
    body: ZEmpty,
    response: ZCustomerOptions,
    handler: async () => ({ ...(await optionLists(db)), channels: await channelsInUse(db) }),
  });

  route({
    path: '/customer/queryList',
    summary: 'List customers (paged, searched, filtered)',
    permission: CUSTOMER_LIST,
    body: ZCustomerListRequest,
    response: ZCustomerListResponse,
    handler: (_request, body) => listCustomers(db, body),
  });

  route({
    path: '/customer/detail',
    summary: 'One customer',
    permission: CUSTOMER_DETAIL,
    body: ZId,
    response: ZCustomer,
    handler: (_request, body) => customerDetail(db, body.id),
  });

  route({
    path: '/customer/add',
    summary: 'Add a customer',
    permission: CUSTOMER_DETAIL,
    body: ZCustomerAddRequest,
    response: ZSaved.extend({ locationId: ZId.shape.id.nullable() }),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { location, status, ...profile } = body;
        const { customer, locationId } = await createCustomer(
          tx,
          request.session!.userId,
          { profile, status, location },
          secrets,
        );
        await audit(tx, request, {
          module: 'customers',
          action: 'add',
          recordType: 'customer',
          recordId: customer.id,
          details: { params: { name: customer.name, status: customer.status } },
        });
        return { id: customer.id, version: customer.version, locationId };
      }),
  });

  route({
    path: '/customer/modify',
    summary: 'Edit a customer',
    permission: CUSTOMER_DETAIL,
    body: ZCustomerModifyRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyCustomer(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'modify',
          recordType: 'customer',
          recordId: after.id,
          details: { params: { name: after.name } },
          changes: diff(auditView(before), auditView(after)),
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/customer/updateStatus',
    summary: "Change a customer's status (active, inactive, prospect)",
    permission: CUSTOMER_DETAIL,
    body: ZCustomerUpdateStatusRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await updateCustomerStatus(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'updateStatus',
          recordType: 'customer',
          recordId: after.id,
          summary: `Customer ${after.name}: ${before.status} → ${after.status}`,
          details: { params: { name: after.name, from: before.status, to: after.status } },
          changes: { status: { from: before.status, to: after.status } },
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/customer/remove',
    summary: 'Delete a customer',
    permission: CUSTOMER_DETAIL,
    body: ZVersionedId,
    response: ZId,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const before = await removeCustomer(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'remove',
          recordType: 'customer',
          recordId: before.id,
          details: { params: { name: before.name } },
        });
        return { id: before.id };
      }),
  });

  route({
    path: '/customer/preferences',
    summary: "A customer's service and notice preferences",
    permission: CUSTOMER_DETAIL,
    body: ZCustomerPreferencesRequest,
    response: ZCustomerPreferences,
    handler: (_request, body) => readPreferences(db, body.customerId),
  });

  route({
    path: '/customer/savePreferences',
    summary: "Save a customer's service and notice preferences",
    permission: CUSTOMER_DETAIL,
    body: ZCustomerSavePreferencesRequest,
    response: ZCustomerPreferences,
    handler: async (request, body) => {
      await db.transaction(async (tx) => {
        const { before, after } = await savePreferences(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'savePreferences',
          recordType: 'customer',
          recordId: body.customerId,
          details: { params: { customerId: body.customerId } },
          changes: diff(auditView(before), auditView(after)),
        });
      });
      return readPreferences(db, body.customerId);
    },
  });

  await locationsRoutes(app, deps);
  await recordsRoutes(app, deps);
  await communicationsRoutes(app, deps);
}
