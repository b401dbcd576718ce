import {
  ZConnectRecord,
  ZConnectRecordAddRequest,
  ZConnectRecordListRequest,
  ZConnectRecordListResponse,
  ZConnectRecordModifyRequest,
  ZCustomerMessageListRequest,
  ZCustomerMessageListResponse,
  ZId,
  ZSaved,
  ZTextHandledRequest,
  ZVersionedId,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { audit, diff } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { customerMessages, markTextHandled } from '../messaging/events/message-log.query';
import {
  addConnectRecord,
  connectRecordDetail,
  listConnectRecords,
  modifyConnectRecord,
  removeConnectRecord,
} from './communications.service';
import { auditView } from './mappers';
import { COMMUNICATIONS, customerRoute } from './route';

export async function communicationsRoutes(app: FastifyInstance, { db }: Deps) {
  const route = customerRoute(app);

  route({
    path: '/connectRecord/queryList',
    summary: 'List customer communications (paged, filtered)',
    permission: COMMUNICATIONS,
    body: ZConnectRecordListRequest,
    response: ZConnectRecordListResponse,
    handler: (_request, body) => listConnectRecords(db, body),
  });

  route({
    path: '/connectRecord/messageList',
    summary: "A customer's messages: every one sent (any status) and every text received, newest first",
    permission: COMMUNICATIONS,
    body: ZCustomerMessageListRequest,
    response: ZCustomerMessageListResponse,
    handler: (_request, body) => customerMessages(db, body),
  });

  route({
    path: '/connectRecord/textHandled',
    summary: 'Mark a text received as followed up (it leaves the dashboard)',
    permission: COMMUNICATIONS,
    body: ZTextHandledRequest,
    response: ZId,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { row, changed } = await markTextHandled(tx, request.session!.userId, body.id);
        if (changed) {
          await audit(tx, request, {
            module: 'customers',
            action: 'textHandled',
            recordType: 'inboundMessage',
            recordId: row.id,
            details: { params: { phone: row.fromPhone } },
          });
        }
        return { id: row.id };
      }),
  });

  route({
    path: '/connectRecord/detail',
    summary: 'One customer communication',
    permission: COMMUNICATIONS,
    body: ZId,
    response: ZConnectRecord,
    handler: (_request, body) => connectRecordDetail(db, body.id),
  });

  route({
    path: '/connectRecord/add',
    summary: 'Record a customer communication',
    permission: COMMUNICATIONS,
    body: ZConnectRecordAddRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { row, customerName } = await addConnectRecord(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'addConnectRecord',
          recordType: 'connectRecord',
          recordId: row.id,
          details: { params: { type: row.type, customer: customerName, subject: row.subject } },
        });
        return { id: row.id, version: row.version };
      }),
  });

  route({
    path: '/connectRecord/modify',
    summary: 'Edit a customer communication',
    permission: COMMUNICATIONS,
    body: ZConnectRecordModifyRequest,
    response: ZSaved,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyConnectRecord(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'modifyConnectRecord',
          recordType: 'connectRecord',
          recordId: after.id,
          details: { params: { subject: after.subject, customerId: after.customerId } },
          changes: diff(auditView(before), auditView(after)),
        });
        return { id: after.id, version: after.version };
      }),
  });

  route({
    path: '/connectRecord/remove',
    summary: 'Delete a customer communication',
    permission: COMMUNICATIONS,
    body: ZVersionedId,
    response: ZId,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const before = await removeConnectRecord(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: 'customers',
          action: 'removeConnectRecord',
          recordType: 'connectRecord',
          recordId: before.id,
          details: { params: { subject: before.subject, customerId: before.customerId } },
        });
        return { id: before.id };
      }),
  });
}
