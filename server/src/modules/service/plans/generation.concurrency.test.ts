import { DEFAULT_TIME_ZONE, todayIn } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { buildApp } from '../../../app';
import { businessClock } from '../../../platform/business-date';
import { loadConfig } from '../../../platform/config';
import { type Database, openPostgres, queryRows } from '../../../platform/database';
import { generateDuePlans } from './generation';
import { addPlan } from './plans.fixtures';
import { horizonEndOf, occurrencesBetween } from './recurrence';

/**
 * Two server processes on one PostgreSQL (design.md §8 "Background work"): each runs generation when
 * it starts and on its timer. Two apps are built on the same database and started at the same
 * moment; then two longer runs race. Every plan must end with exactly its visits: no duplicate, no gap.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('plan job generation on two processes at once', () => {
  const opened: { app: FastifyInstance; database: Database }[] = [];
  let t: TestApp;
  // One business day for the whole test: generation past midnight would reach one day further than
  // the expected visits counted before it.
  const realClock = businessClock.now;
  const pinned = new Date();
  const today = () => todayIn(DEFAULT_TIME_ZONE, pinned);
  beforeAll(() => {
    businessClock.now = () => pinned;
  });
  afterAll(async () => {
    businessClock.now = realClock;
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    await t?.close();
  });

  it('makes every visit exactly once', async () => {
    t = await createTestApp({ planGeneration: false });
    const office = await t.loginAs('office_manager');
    const frequencies = ['weekly', 'biweekly', 'every_three_weeks', 'every_four_weeks', 'monthly'];
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await addPlan(t, office, { frequency: frequencies[i % frequencies.length] })).id);
    // Forget what add generated: the two processes must make it all again.
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    // The plans' first visits were confirmed to the customers (issue 22): those messages go with them.
    await t.db.execute(sql`delete from outbox_messages where job_id in (select id from jobs where plan_id in (${idList}))`);
    await t.db.execute(sql`delete from job_lines where job_id in (select id from jobs where plan_id in (${idList}))`);
    await t.db.execute(sql`delete from jobs where plan_id in (${idList})`);
    await t.db.execute(sql`update service_plans set generated_until = null where id in (${idList})`);

    const [{ name }] = (await queryRows<{ name: string }>(t.db, sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const config = { ...loadConfig({}), secretKey: TEST_SECRET_KEY, planGeneration: true, outboxWorker: false };
    for (let i = 0; i < 2; i++) {
      const database = openPostgres(url.toString(), 4);
      opened.push({ database, app: await buildApp({ config, database, logger: false, serveStatic: false }) });
    }
    // Both start at once: each runs generation before it is ready.
    await Promise.all(opened.map(({ app }) => app.ready()));
    const expected = (weeks: number) =>
      Promise.all(
        ids.map(async (id) => {
          const [plan] = await queryRows<{ rrule: string; pattern_from: string }>(
            t.db,
            sql`select rrule, pattern_from::text from service_plans where id = ${id}`,
          );
          return occurrencesBetween(
            { rrule: plan!.rrule, patternFrom: plan!.pattern_from },
            today(),
            horizonEndOf(today(), weeks),
          );
        }),
      );
    const actual = async () =>
      Promise.all(
        ids.map(async (id) =>
          (
            await queryRows<{ d: string }>(
              t.db,
              sql`select occurrence_date::text as d from jobs where plan_id = ${id} order by occurrence_date`,
            )
          ).map((r) => r.d),
        ),
      );
    expect(await actual()).toEqual(await expected(config.planHorizonWeeks));

    // Two longer runs racing in the two processes, three times over.
    for (const weeks of [16, 20, 26]) {
      const runs = await Promise.all(
        opened.map(({ database }) => generateDuePlans(database.db, { horizonWeeks: weeks, batchSize: 5 })),
      );
      expect(runs[0]!.jobs + runs[1]!.jobs).toBeGreaterThan(0);
      expect(await actual()).toEqual(await expected(weeks));
    }
    const [dupes] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from (select plan_id, service_date from jobs where plan_id is not null and status <> 'cancelled'
          group by plan_id, service_date having count(*) > 1) d`,
    );
    expect(Number(dupes!.n)).toBe(0);
  });
});
