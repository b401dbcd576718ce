import { FIELD_HOME, type FieldDay, type LoginResponse, rruleOf } from '@tidyhouse/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { businessClock, businessToday } from '../../../platform/business-date';
import { queryRows } from '../../../platform/database';
import { TODAY_VISITS_PER_TEAM, todayVisitPlans } from './today.seed';

const TODAY = '2026-03-04';
const weekly = (teamId: number, windowStart: number, status = 'used') => ({
  rrule: rruleOf({ frequency: 'weekly', startDate: '2026-02-04' }),
  patternFrom: '2026-02-04',
  status,
  preferredTeamId: teamId,
  windowStartMinutes: windowStart,
});
const home = (id: number, teamId: number | null) => ({ id, customerId: 100 + id, sqft: 1500, teamId });

describe("today's added visits (pure)", () => {
  it('fills only the teams short of visits, in windows clear of their own, at their own customers first', () => {
    let n = 0;
    const added = todayVisitPlans(
      TODAY,
      [
        weekly(1, 8 * 60),
        weekly(1, 13 * 60),
        weekly(2, 8 * 60),
        // Paused: it visits nobody today.
        weekly(2, 13 * 60, 'not_used'),
        // Weekly from a Thursday: not today (a Wednesday).
        { ...weekly(3, 8 * 60), rrule: rruleOf({ frequency: 'weekly', startDate: '2026-02-05' }), patternFrom: '2026-02-05' },
      ],
      [1, 2, 3],
      [home(1, 3), home(2, null), home(3, 2), home(4, 3)],
      () => `P-2603-${++n}`,
    );
    expect(added.map((p) => [p.preferredTeamId, p.windowStartMinutes, p.locationId])).toEqual([
      [2, 13 * 60, 3],
      [3, 8 * 60, 1],
      [3, 13 * 60, 4],
    ]);
    expect(added.every((p) => p.startDate === TODAY && p.frequency === 'one_time' && p.status === 'used')).toBe(true);
    expect(new Set(added.map((p) => p.reference)).size).toBe(3);
  });

  it('stops when no spare home is left', () => {
    expect(todayVisitPlans(TODAY, [], [1, 2], [home(1, null)], () => 'P')).toHaveLength(1);
  });
});

describe('the demo today (seeded on the day the tests run)', () => {
  let t: TestApp;
  const realClock = businessClock.now;
  beforeAll(async () => {
    // The demo's today is the day the template was seeded: a run past midnight would look at the next.
    const seededAt = new Date(inject('seededAt'));
    businessClock.now = () => seededAt;
    t = await createTestApp();
  });
  afterAll(async () => {
    businessClock.now = realClock;
    await t.close();
  });

  /** Active cleaners whose account can sign in, with the team they work in today and its jobs today. */
  const cleanersToday = async () => {
    const today = await businessToday(t.db);
    return queryRows<{ uname: string; team: string | null; jobs: number }>(
      t.db,
      sql`select u.uname, t.name as team,
                 (select count(*)::int from jobs j
                   where j.team_id = a.team_id and j.service_date = ${today} and j.status = 'scheduled') as jobs
            from sys_users u
            join roles r on r.id = u.role_id and r.code = 'cleaner'
            left join day_assignments a on a.user_id = u.id and a.service_date = ${today}
            left join teams t on t.id = a.team_id
           where u.status = 'active' and u.account_status = 'normal' and u.deleted_at is null
           order by u.uname`,
    );
  };

  it("puts every active cleaner in a crew of the day (daily assignments) with that crew's jobs", async () => {
    const rows = await cleanersToday();
    expect(rows.length).toBeGreaterThanOrEqual(14);
    expect(rows.filter((r) => r.team === null || r.jobs < TODAY_VISITS_PER_TEAM)).toEqual([]);
  });

  it("lets every active cleaner sign in to the field app with the demo password and see their crew's jobs today", async () => {
    const rows = await cleanersToday();
    for (const { uname } of rows) {
      const answer = await t.call<LoginResponse>('/login', { body: { uname, password: TEST_PASSWORD }, ip: '198.51.100.77' });
      expect({ uname, code: answer.code, home: answer.data?.home }).toEqual({ uname, code: 0, home: FIELD_HOME });
      const day = await t.call<FieldDay>('/field/myDay', { token: answer.data.token });
      expect({ uname, jobs: day.data.jobs.length >= TODAY_VISITS_PER_TEAM }).toEqual({ uname, jobs: true });
    }
  });
});
