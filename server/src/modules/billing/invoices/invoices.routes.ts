import { ZId, ZInvoiceDetail, ZInvoiceListRequest, ZInvoiceListResponse, ZInvoiceVoidRequest, ZSaved } from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { CUSTOMER_DETAIL, customerRoute, PAYMENTS_MANAGE } from '../../customers/route';
import { invoiceDetail, listInvoices } from './invoices.query';
import { voidInvoice } from './invoices.service';

/** Invoices (issue 19 item 1): list, detail and a void by hand; issuing happens with the job's completion. */
export async function invoicesRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const route = customerRoute(app);

  route({
    path: '/invoice/queryList',
    summary: 'List invoices (customer, status, unpaid only, issue dates, number or customer name)',
    permission: CUSTOMER_DETAIL,
    body: ZInvoiceListRequest,
    response: ZInvoiceListResponse,
    handler: (_request, body) => listInvoices(db, body),
  });

  route({
    path: '/invoice/detail',
    summary: 'One invoice with its lines and the payments applied to it',
    permission: CUSTOMER_DETAIL,
    body: ZId,
    response: ZInvoiceDetail,
    handler: (_request, body) => invoiceDetail(db, body.id),
  });

  route({
    path: '/invoice/void',
    summary: 'Void an invoice with a reason (payments applied to it go back to credit); refused on a closed issue day',
    permission: PAYMENTS_MANAGE,
    body: ZInvoiceVoidRequest,
    response: ZSaved,
    // The operation log entry is written by the service, in this transaction.
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const row = await voidInvoice(tx, request.session!.userId, body);
        return { id: row.id, version: row.version };
      }),
  });
}
