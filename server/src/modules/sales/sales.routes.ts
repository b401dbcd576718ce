import {
  ZDocumentDownloadQuery,
  ZDuplicates,
  ZId,
  ZQuote,
  ZQuoteAddRequest,
  ZQuoteCalcContext,
  ZQuoteCalcContextRequest,
  ZQuoteCalcRequest,
  ZQuoteCalcResponse,
  ZQuoteChangeStatusRequest,
  ZQuoteChangeStatusResponse,
  ZQuoteDuplicatesRequest,
  ZQuoteHistoryResponse,
  ZQuoteListRequest,
  ZQuoteListResponse,
  ZQuoteModifyRequest,
  ZQuoteSaveResponse,
  ZQuoteSendRequest,
  ZQuoteSendResponse,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineFileRoute, defineRoute, type RouteDef } from '../../platform/route';
import { rejectCardNumbers } from '../billing/card-on-file/card-guard';
import { findDuplicates } from './duplicates';
import { calcContext, calcQuote } from './quote-pricing';
import { quoteDocument, sendQuote } from './quote-send';
import { addQuote, changeQuoteStatus, listQuotes, modifyQuote, quoteDetail, quoteHistoryOf } from './quotes.service';

const NEW_QUOTE = '/sales/newcustomerquotat';
const PAST_QUOTES = '/sales/quotationlist';

export async function salesRoutes(app: FastifyInstance, { db, secrets }: Deps) {
  // Every quote route refuses a body carrying a full card number (docs/business-rules.md "Card details").
  const route = <B extends z.ZodType, R extends z.ZodType>(def: RouteDef<B, R>) =>
    defineRoute(app, { inspectBody: rejectCardNumbers, ...def });

  route({
    path: '/quote/calcContext',
    summary: 'What pricing a quote needs: services, rates, settings',
    permission: NEW_QUOTE,
    body: ZQuoteCalcContextRequest,
    response: ZQuoteCalcContext,
    handler: (_request, body) => calcContext(db, body.quoteId),
  });

  route({
    path: '/quote/calc',
    summary: 'Price a quote without saving it',
    permission: NEW_QUOTE,
    body: ZQuoteCalcRequest,
    response: ZQuoteCalcResponse,
    handler: (_request, body) => calcQuote(db, body),
  });

  route({
    path: '/quote/duplicates',
    summary: 'Customers and quotes that look like this one',
    permission: NEW_QUOTE,
    body: ZQuoteDuplicatesRequest,
    response: ZDuplicates,
    handler: (_request, body) => findDuplicates(db, body),
  });

  route({
    path: '/quote/add',
    summary: 'Save a new quote',
    permission: NEW_QUOTE,
    body: ZQuoteAddRequest,
    response: ZQuoteSaveResponse,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { row, zone } = await addQuote(tx, request.session!.userId, body, request.locale);
        await audit(tx, request, {
          module: 'sales',
          action: 'add',
          recordType: 'quote',
          recordId: row.id,
          details: { params: { reference: row.reference, customer: row.customerName, finalOfferCents: row.finalOfferCents } },
        });
        const duplicates = await findDuplicates(tx, {
          phone: body.phone1,
          address: body.address1,
          zip: body.zip,
          excludeQuoteId: row.id,
        });
        return {
          id: row.id,
          version: row.version,
          reference: row.reference,
          zone,
          finalOfferCents: row.finalOfferCents,
          duplicates,
        };
      }),
  });

  route({
    path: '/quote/modify',
    summary: 'Edit a quote',
    permission: NEW_QUOTE,
    body: ZQuoteModifyRequest,
    response: ZQuoteSaveResponse,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { after, zone, changes } = await modifyQuote(tx, request.session!.userId, body, request.locale);
        await audit(tx, request, {
          module: 'sales',
          action: 'modify',
          recordType: 'quote',
          recordId: after.id,
          details: { params: { reference: after.reference, finalOfferCents: after.finalOfferCents } },
          changes,
        });
        const duplicates = await findDuplicates(tx, {
          phone: body.phone1,
          address: body.address1,
          zip: body.zip,
          excludeQuoteId: after.id,
        });
        return {
          id: after.id,
          version: after.version,
          reference: after.reference,
          zone,
          finalOfferCents: after.finalOfferCents,
          duplicates,
        };
      }),
  });

  route({
    path: '/quote/detail',
    summary: 'One quote',
    permission: PAST_QUOTES,
    body: ZId,
    response: ZQuote,
    handler: (_request, body) => quoteDetail(db, body.id),
  });

  route({
    path: '/quote/queryList',
    summary: 'List quotes (paged, searched, filtered)',
    permission: PAST_QUOTES,
    body: ZQuoteListRequest,
    response: ZQuoteListResponse,
    handler: (_request, body) => listQuotes(db, body),
  });

  route({
    path: '/quote/changeStatus',
    summary: "Change a quote's status",
    permission: PAST_QUOTES,
    body: ZQuoteChangeStatusRequest,
    response: ZQuoteChangeStatusResponse,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const actor = { userId: request.session!.userId, locale: request.locale };
        const { quote, from, conversion } = await changeQuoteStatus(tx, actor, body, secrets);
        await audit(tx, request, {
          module: 'sales',
          action: 'changeStatus',
          recordType: 'quote',
          recordId: quote.id,
          summary: `Quote ${quote.reference}: ${from} → ${quote.status}${body.reason ? ` (${body.reason})` : ''}`,
          details: {
            ...(body.reason ? { key: 'sales.changeStatusWithReason' } : {}),
            params: { reference: quote.reference, from, to: quote.status, reason: body.reason ?? '' },
          },
          changes: { status: { from, to: quote.status } },
        });
        if (conversion) {
          await audit(tx, request, {
            module: 'customers',
            action: conversion.createdCustomer ? 'add' : 'modify',
            recordType: 'customer',
            recordId: conversion.customerId,
            details: {
              key: conversion.createdCustomer ? 'sales.customerCreated' : 'sales.customerActivated',
              params: { name: quote.customerName, reference: quote.reference },
            },
          });
        }
        return {
          id: quote.id,
          version: quote.version,
          status: quote.status,
          customerId: conversion?.customerId ?? quote.customerId,
          locationId: conversion?.locationId ?? null,
        };
      }),
  });

  route({
    path: '/quote/history',
    summary: "A quote's changes",
    permission: PAST_QUOTES,
    body: ZId,
    response: ZQuoteHistoryResponse,
    handler: (_request, body) => quoteHistoryOf(db, body.id),
  });

  // The quote as the customer receives it: printed or downloaded from the past-quotes list, or e-mailed.
  defineFileRoute(app, {
    path: '/quote/pdf',
    summary: "The quote as a PDF in the customer's language",
    permission: PAST_QUOTES,
    query: ZDocumentDownloadQuery,
    handler: async (_request, query) => {
      const { pdf, fileName } = await quoteDocument(db, query.id);
      return { content: pdf, mimeType: 'application/pdf', fileName };
    },
  });

  route({
    path: '/quote/send',
    summary: 'Send the quote PDF by e-mail',
    permission: PAST_QUOTES,
    body: ZQuoteSendRequest,
    response: ZQuoteSendResponse,
    handler: (request, body) => sendQuote(db, secrets, request, body),
  });
}
