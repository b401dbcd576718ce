import {
  ZDocumentDownloadQuery,
  ZInvoiceSendDayRequest,
  ZInvoiceSendDayResponse,
  ZInvoiceSendRequest,
  ZInvoiceSendResponse,
  ZStatementQuery,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../platform/deps';
import { defineFileRoute } from '../../../platform/route';
import { CUSTOMER_DETAIL, customerRoute, PAYMENTS_MANAGE } from '../../customers/route';
import { invoiceDocument } from './invoice-pdf';
import { sendDayInvoices, sendInvoice } from './invoice-send.service';
import { statementDocument } from './statement-pdf';

/** Invoice and statement documents, and sending invoices (issue 19 item 3). */
export async function documentsRoutes(app: FastifyInstance, { db, secrets }: Deps) {
  const route = customerRoute(app);

  defineFileRoute(app, {
    path: '/invoice/pdf',
    summary: 'The invoice as a PDF in its language, with the active invoice disclaimers',
    permission: CUSTOMER_DETAIL,
    query: ZDocumentDownloadQuery,
    handler: async (_request, query) => {
      const { pdf, fileName } = await invoiceDocument(db, query.id);
      return { content: pdf, mimeType: 'application/pdf', fileName };
    },
  });

  defineFileRoute(app, {
    path: '/customer/statement',
    summary: "A customer's statement of account as a PDF (the last 12 months unless from/to are given)",
    permission: CUSTOMER_DETAIL,
    query: ZStatementQuery,
    handler: async (_request, query) => {
      const { pdf, fileName } = await statementDocument(db, query);
      return { content: pdf, mimeType: 'application/pdf', fileName };
    },
  });

  route({
    path: '/invoice/send',
    summary: "Send an invoice by the customer's invoice type (e-mail with the PDF, print, or a contact to make)",
    permission: PAYMENTS_MANAGE,
    body: ZInvoiceSendRequest,
    response: ZInvoiceSendResponse,
    handler: (request, body) => sendInvoice(db, secrets, request, body.id),
  });

  route({
    path: '/invoice/sendDay',
    summary: "Send every unsent invoice of a closed day's jobs, each by its customer's invoice type",
    permission: PAYMENTS_MANAGE,
    body: ZInvoiceSendDayRequest,
    response: ZInvoiceSendDayResponse,
    handler: (request, body) => sendDayInvoices(db, secrets, request, body.serviceDate),
  });
}
