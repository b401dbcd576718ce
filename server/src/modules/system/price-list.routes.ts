import {
  AUTHENTICATED,
  formatCents,
  listResponseOf,
  type PriceRate,
  ZId,
  ZIdVersion,
  ZPricedItem,
  ZPriceItem,
  ZPriceItemAddRequest,
  ZPriceItemDetail,
  ZPriceItemListRequest,
  ZPriceItemModifyRequest,
  ZPriceOnRequest,
  ZPriceRateAddRequest,
  ZPriceRateRemoveRequest,
} from '@tidyhouse/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit, diff, pick } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { defineRoute } from '../../platform/route';
import {
  addPriceItem,
  addRate,
  listPriceItems,
  modifyPriceItem,
  PRICE_ITEM_FIELDS,
  priceItemDetail,
  priceOn,
  removePriceItem,
  removeRate,
} from './price-list.service';

const SCREEN = '/sys/serviceprice';
const MODULE = 'priceList';
const rateText = (r: Omit<PriceRate, 'effectiveFrom'>) => `${formatCents(r.unitPriceCents)}, ${r.inHomeMinutes} min`;

/** Services & Price List: entries of three kinds with dated rates. */
export async function priceListRoutes(app: FastifyInstance, { db }: Deps) {
  defineRoute(app, {
    path: '/servicePrice/queryList',
    summary: 'List services and their prices',
    permission: SCREEN,
    body: ZPriceItemListRequest,
    response: listResponseOf(ZPriceItem),
    handler: (_request, body) => listPriceItems(db, body),
  });

  defineRoute(app, {
    path: '/servicePrice/detail',
    summary: 'One service with its rates',
    permission: SCREEN,
    body: ZId,
    response: ZPriceItemDetail,
    handler: (_request, body) => priceItemDetail(db, body.id),
  });

  // The quote calculator and job pricing read the prices of a day whatever the role.
  defineRoute(app, {
    path: '/servicePrice/priceOn',
    summary: "A service's price on a date",
    permission: AUTHENTICATED,
    body: ZPriceOnRequest,
    response: z.array(ZPricedItem),
    handler: (_request, body) => priceOn(db, body.date, body.kind),
  });

  defineRoute(app, {
    path: '/servicePrice/add',
    summary: 'Add a service',
    permission: SCREEN,
    body: ZPriceItemAddRequest,
    response: ZPriceItemDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const item = await addPriceItem(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'add',
          recordType: 'priceItem',
          recordId: item.id,
          summary: `Added the ${item.kind} "${item.nameEn}": ${rateText(body)} from ${body.effectiveFrom}`,
          details: { params: { kind: item.kind, nameEn: item.nameEn, nameZh: item.nameZh } },
        });
        return item;
      }),
  });

  defineRoute(app, {
    path: '/servicePrice/modify',
    summary: 'Edit a service',
    permission: SCREEN,
    body: ZPriceItemModifyRequest,
    response: ZPriceItemDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { before, after } = await modifyPriceItem(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'modify',
          recordType: 'priceItem',
          recordId: after.id,
          summary: `Modified the ${after.kind} "${after.nameEn}"`,
          details: { params: { kind: after.kind, nameEn: after.nameEn, nameZh: after.nameZh } },
          changes: diff(pick(before, PRICE_ITEM_FIELDS), pick(after, PRICE_ITEM_FIELDS)),
        });
        return priceItemDetail(tx, after.id);
      }),
  });

  defineRoute(app, {
    path: '/servicePrice/remove',
    summary: 'Delete a service',
    permission: SCREEN,
    body: ZIdVersion,
    response: z.null(),
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const item = await removePriceItem(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'remove',
          recordType: 'priceItem',
          recordId: item.id,
          summary: `Removed the ${item.kind} "${item.nameEn}"`,
          details: { params: { kind: item.kind, nameEn: item.nameEn, nameZh: item.nameZh } },
        });
        return null;
      }),
  });

  defineRoute(app, {
    path: '/servicePrice/addRate',
    summary: 'Add a dated rate to a service',
    permission: SCREEN,
    body: ZPriceRateAddRequest,
    response: ZPriceItemDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { item, replaced } = await addRate(tx, request.session!.userId, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'addRate',
          recordType: 'priceItem',
          recordId: item.id,
          details: {
            key: replaced ? 'priceList.replaceRate' : 'priceList.addRate',
            params: {
              nameEn: item.nameEn,
              nameZh: item.nameZh,
              date: body.effectiveFrom,
              fromPriceCents: replaced?.unitPriceCents ?? null,
              fromMinutes: replaced?.inHomeMinutes ?? null,
              priceCents: body.unitPriceCents,
              minutes: body.inHomeMinutes,
            },
          },
          changes: {
            [`rate ${body.effectiveFrom}`]: {
              from: replaced ? { inHomeMinutes: replaced.inHomeMinutes, unitPriceCents: replaced.unitPriceCents } : null,
              to: { inHomeMinutes: body.inHomeMinutes, unitPriceCents: body.unitPriceCents },
            },
          },
        });
        return priceItemDetail(tx, item.id);
      }),
  });

  defineRoute(app, {
    path: '/servicePrice/removeRate',
    summary: 'Delete a rate of a service',
    permission: SCREEN,
    body: ZPriceRateRemoveRequest,
    response: ZPriceItemDetail,
    handler: (request, body) =>
      db.transaction(async (tx) => {
        const { item, rate } = await removeRate(tx, body);
        await audit(tx, request, {
          module: MODULE,
          action: 'removeRate',
          recordType: 'priceItem',
          recordId: item.id,
          details: {
            params: {
              nameEn: item.nameEn,
              nameZh: item.nameZh,
              date: rate.effectiveFrom,
              priceCents: rate.unitPriceCents,
              minutes: rate.inHomeMinutes,
            },
          },
        });
        return priceItemDetail(tx, item.id);
      }),
  });
}
