import type { PayrollSettings } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/database';
import { refused } from '../../../platform/errors';
import { approvedPeriodFrom } from '../../employees/pay-periods';

/**
 * The settings behind every employee's pay must not change an approved period's pay
 * (docs/business-rules.md "Approval freezes pay"). 10010 names the period.
 */

/** A minimum wage from `date` (added, replaced or removed) changes every hour from then on. */
export async function assertMinimumWageOpen(tx: Db, date: string): Promise<void> {
  const approved = await approvedPeriodFrom(tx, null, date);
  if (approved) throw refused('wages.minimumWageApproved', { date, start: approved.start, end: approved.end });
}

/**
 * The settings are not dated, so a change recomputes every period: the period kind or anchor
 * (the grid every approval is keyed by) is refused while any period is approved; the split of
 * percentage pay while an approved period holds percentage (piece) pay.
 */
export async function assertSettingsChangeOpen(
  tx: Db,
  before: Pick<PayrollSettings, 'periodKind' | 'anchorDate' | 'percentSplit'>,
  after: Pick<PayrollSettings, 'periodKind' | 'anchorDate' | 'percentSplit'>,
): Promise<void> {
  const grid = before.periodKind !== after.periodKind || before.anchorDate !== after.anchorDate;
  const split = before.percentSplit !== after.percentSplit;
  if (!grid && !split) return;
  const result = (await tx.execute(sql`
    select a.period_start::text as start, a.period_end::text as "end" from pay_period_approvals a
    where a.status = 'approved' ${
      grid
        ? sql``
        : sql`and exists (select 1 from pay_period_snapshots s where s.user_id = a.user_id
            and s.period_start = a.period_start and s.reopened_at is null
            and s.wages -> 'lines' @> '[{"kind": "piece"}]'::jsonb)`
    }
    order by a.period_start desc limit 1
    for share of a`)) as unknown as { rows: { start: string; end: string }[] };
  const approved = result.rows[0];
  if (approved) throw refused('wages.settingsApproved', { start: approved.start, end: approved.end });
}
