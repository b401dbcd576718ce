import { randomUUID } from 'node:crypto';
import { RECONCILIATION_SCREEN } from '@tidyhouse/contract';
import type { EndpointCase } from '../../../../test/endpoints';
import type { TestApp } from '../../../../test/helper';
import { OPEN_DATE } from '../card-queue/card-queue.fixtures';
import { cardReconciliationDifferences } from './reconciliation.tables';

/** An open difference of OPEN_DATE (a payment of ours the gateway does not know), one per call. */
async function openDifference(t: TestApp): Promise<number> {
  const key = `no_gateway_charge:guard-${randomUUID()}`;
  const [row] = await t.db
    .insert(cardReconciliationDifferences)
    .values({ businessDate: OPEN_DATE, kind: 'no_gateway_charge', findingKey: key, ourAmountCents: 1_000 })
    .returning({ id: cardReconciliationDifferences.id });
  return row!.id;
}

export const ENDPOINTS: EndpointCase[] = [
  {
    path: '/cardReconciliation/list',
    permission: RECONCILIATION_SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ date: OPEN_DATE, openOnly: true }),
    badBodies: [{}, { date: '2026-02-30' }, { date: OPEN_DATE, openOnly: 'yes' }],
  },
  {
    path: '/cardReconciliation/run',
    permission: RECONCILIATION_SCREEN,
    deniedRole: 'sales',
    validBody: () => ({ date: OPEN_DATE }),
    badBodies: [{}, { date: 'today' }],
  },
  {
    path: '/cardReconciliation/resolve',
    permission: RECONCILIATION_SCREEN,
    deniedRole: 'sales',
    validBody: async (t) => ({ id: await openDifference(t), version: 1, action: 'explain', note: 'charged at the terminal' }),
    badBodies: [
      {},
      { id: 1, version: 1, action: 'forget', note: 'x' },
      { id: 1, version: 1, action: 'refund' },
      { id: 1, version: 1, action: 'explain', note: '   ' },
      { id: 'one', version: 1, action: 'record_payment' },
    ],
  },
];
