import {
  formatCents,
  RECONCILIATION_SCREEN,
  ZReconciliationListRequest,
  ZReconciliationListResponse,
  ZReconciliationResolveRequest,
  ZReconciliationRunRequest,
  ZSaved,
} from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../../../platform/audit';
import { queryRows } from '../../../platform/database';
import type { Deps } from '../../../platform/deps';
import { refused } from '../../../platform/errors';
import { defineRoute } from '../../../platform/route';
import { gatewaySettings } from '../card-queue/gateway/gateway-settings';
import { GatewayError } from '../card-queue/gateway/stripe-gateway';
import { createStripeLedger, type GatewayLedger } from '../card-queue/gateway/stripe-ledger';
import { dayNeedsReconciliation, listDifferences, reconcileDay } from './reconciliation.service';
import { checkResolvable, refundDifference, resolveDifference } from './reconciliation-resolve';

export async function ledgerFor(deps: Deps): Promise<GatewayLedger> {
  return createStripeLedger(await gatewaySettings(deps.db, deps.secrets, deps.config));
}

/** A gateway that cannot be asked is the office's answer (10002 with its reason), not a 500. */
export async function askingGateway<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GatewayError) throw refused('billing.reconciliation.gatewayFailed', { message: error.message });
    throw error;
  }
}

async function logRun(deps: Deps, request: FastifyRequest, date: string, result: Record<string, number>) {
  await deps.db.transaction((tx) =>
    audit(tx, request, {
      module: 'billing',
      action: 'cardReconciliationRun',
      recordType: 'cardReconciliation',
      summary: `Card gateway compared with our records for ${date}: ${result.open} difference(s) open, ${result.added} new, ${result.matched} matched since`,
      details: { params: { date, ...result } },
    }),
  );
}

/**
 * The close-day checklist compares its day first when the day is open and holds card money; a gateway
 * that cannot be asked leaves the last comparison standing (the checklist says when there was none).
 */
export async function reconcileBeforeClose(deps: Deps, date: string, request: FastifyRequest): Promise<void> {
  const [day] = await queryRows<{ status: string }>(deps.db, sql`select status from office_days where business_date = ${date}`);
  if (day?.status === 'closed' || !(await dayNeedsReconciliation(deps.db, date)).needed) return;
  try {
    const result = await reconcileDay(deps.db, await ledgerFor(deps), date, request.session!.userId);
    // Logged when it changed what is stored (the checklist asks again on every recheck).
    if (result.added + result.matched > 0) await logRun(deps, request, date, result);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    request.log.warn({ err: error, date }, 'card reconciliation before close: gateway not reachable');
  }
}

export async function reconciliationRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  defineRoute(app, {
    path: '/cardReconciliation/list',
    summary: "A day's card reconciliation: both sides' totals as last compared and the differences found",
    permission: RECONCILIATION_SCREEN,
    body: ZReconciliationListRequest,
    response: ZReconciliationListResponse,
    handler: (_request, body) => listDifferences(db, body),
  });

  defineRoute(app, {
    path: '/cardReconciliation/run',
    summary: "Compare a day's gateway charges and refunds with ours now and store the differences",
    permission: RECONCILIATION_SCREEN,
    body: ZReconciliationRunRequest,
    response: z.object({ found: z.number().int(), matched: z.number().int(), open: z.number().int() }),
    handler: async (request, body) => {
      const ledger = await ledgerFor(deps);
      const result = await askingGateway(() => reconcileDay(db, ledger, body.date, request.session!.userId));
      await logRun(deps, request, body.date, result);
      return { found: result.found, matched: result.matched, open: result.open };
    },
  });

  defineRoute(app, {
    path: '/cardReconciliation/resolve',
    summary: 'Resolve a difference: record the missed payment, refund the duplicate through the gateway, or explain it',
    permission: RECONCILIATION_SCREEN,
    body: ZReconciliationResolveRequest,
    response: ZSaved,
    handler: async (request, body) => {
      let gatewayRefundId = '';
      if (body.action === 'refund') {
        // Checked first, then sent outside any transaction (once per difference: its key and metadata).
        const row = await checkResolvable(db, body);
        const ledger = await ledgerFor(deps);
        ({ refundId: gatewayRefundId } = await askingGateway(() => refundDifference(ledger, row)));
      }
      return db.transaction(async (tx) => {
        const { after, paymentId } = await resolveDifference(tx, request.session!.userId, body, request.locale, gatewayRefundId);
        const amount = formatCents(after.gatewayAmountCents ?? after.ourAmountCents ?? 0);
        await audit(tx, request, {
          module: 'billing',
          action: `cardReconciliation_${body.action}`,
          recordType: 'cardReconciliation',
          recordId: after.id,
          summary:
            body.action === 'record_payment'
              ? `Gateway charge ${after.gatewayId} of ${amount} recorded as payment #${paymentId} for customer #${after.customerId}`
              : body.action === 'refund'
                ? `Gateway charge ${after.gatewayId} of ${amount} refunded as a duplicate (${gatewayRefundId}): ${body.note}`
                : `Reconciliation difference ${after.kind} ${after.gatewayId} explained: ${body.note}`,
          details: {
            params: {
              kind: after.kind,
              gatewayId: after.gatewayId,
              amountCents: after.gatewayAmountCents ?? after.ourAmountCents ?? 0,
              note: body.note,
              ...(paymentId === null ? {} : { paymentId }),
              ...(gatewayRefundId ? { gatewayRefundId } : {}),
            },
          },
        });
        return { id: after.id, version: after.version };
      });
    },
  });
}
