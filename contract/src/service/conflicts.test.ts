import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflictsCaused, findConflicts, type ScheduleDay, type ScheduleJob } from './conflicts';

const day = (over: Partial<ScheduleDay> = {}): ScheduleDay => ({
  date: '2026-12-02',
  openingMinutes: 7 * 60,
  closingMinutes: 19 * 60,
  teams: [{ id: 1, members: 2, out: false }],
  leaves: [],
  jobs: [],
  ...over,
});
const job = (id: number, start: number, wall: number, over: Partial<ScheduleJob> = {}): ScheduleJob => ({
  id,
  teamId: 1,
  startMinutes: start,
  wallMinutes: wall,
  windowStartMinutes: null,
  windowEndMinutes: null,
  ...over,
});

describe('findConflicts: the worked example of docs/business-rules.md "Schedule conflicts"', () => {
  it('two plan-made jobs of Team Sunshine at 13:00 overlap once, keyed by both ids', () => {
    const found = findConflicts(day({ jobs: [job(28, 780, 128), job(38, 780, 68)] }));
    expect(found).toEqual([{ kind: 'jobOverlap', key: 'jobOverlap:28:38', date: '2026-12-02', teamId: 1, jobIds: [28, 38] }]);
  });

  it('back-to-back jobs do not overlap; other teams never overlap each other', () => {
    expect(findConflicts(day({ jobs: [job(1, 540, 60), job(2, 600, 60)] }))).toEqual([]);
    const twoTeams = day({
      teams: [
        { id: 1, members: 1, out: false },
        { id: 2, members: 1, out: false },
      ],
    });
    expect(findConflicts({ ...twoTeams, jobs: [job(1, 540, 60), job(2, 540, 60, { teamId: 2 })] })).toEqual([]);
  });

  it('a part-day leave meets only the jobs inside its times', () => {
    const found = findConflicts(
      day({
        leaves: [{ teamId: 1, userId: 7, fromMinutes: 720, toMinutes: 960 }],
        jobs: [job(1, 540, 120), job(2, 780, 60), job(3, 960, 60)],
      }),
    );
    expect(found.map((c) => c.key)).toEqual(['memberOnLeave:7:2']);
    expect(found[0]).toMatchObject({ userId: 7, jobIds: [2] });
  });

  it('a team out or without members that day is one conflict listing its jobs', () => {
    const out = findConflicts(day({ teams: [{ id: 1, members: 3, out: true }], jobs: [job(5, 600, 60), job(4, 540, 60)] }));
    expect(out).toEqual([
      { kind: 'teamWithoutMembers', key: 'teamWithoutMembers:1', date: '2026-12-02', teamId: 1, jobIds: [4, 5] },
    ]);
    expect(findConflicts(day({ teams: [{ id: 1, members: 0, out: false }], jobs: [job(4, 540, 60)] }))).toHaveLength(1);
    // A team with nobody and nothing to do is no conflict.
    expect(findConflicts(day({ teams: [{ id: 1, members: 0, out: true }] }))).toEqual([]);
  });

  it('outside the hours by its end; beyond the arrival window by its start', () => {
    const found = findConflicts(
      day({
        jobs: [job(1, 1080, 90), job(2, 600, 60, { windowStartMinutes: 480, windowEndMinutes: 540 }), job(3, 420, 60)],
      }),
    );
    expect(found.map((c) => c.key)).toEqual(['outsideTeamHours:1', 'beyondArrivalWindow:2']);
  });

  it('conflictsCaused keeps only what the write added', () => {
    const before = findConflicts(day({ jobs: [job(1, 540, 120), job(2, 600, 60)] }));
    const after = findConflicts(day({ jobs: [job(1, 540, 120), job(2, 600, 60), job(3, 590, 30)] }));
    expect(conflictsCaused(before, after).map((c) => c.key)).toEqual(['jobOverlap:1:3', 'jobOverlap:2:3']);
  });
});

/** Random days: 1–4 teams, some out or empty, leave and up to 12 jobs on a 5-minute grid. */
const arbDay: fc.Arbitrary<ScheduleDay> = fc
  .record({
    teams: fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 4 }), members: fc.integer({ min: 0, max: 3 }), out: fc.boolean() }),
      { selector: (t) => t.id, minLength: 1, maxLength: 4 },
    ),
    leaves: fc.array(
      fc.record({
        teamId: fc.integer({ min: 1, max: 4 }),
        userId: fc.integer({ min: 1, max: 6 }),
        fromMinutes: fc.integer({ min: 0, max: 287 }).map((m) => m * 5),
        length: fc.integer({ min: 1, max: 288 }).map((m) => m * 5),
      }),
      { maxLength: 4 },
    ),
    jobs: fc.array(
      fc.record({
        teamId: fc.integer({ min: 1, max: 4 }),
        startMinutes: fc.integer({ min: 60, max: 250 }).map((m) => m * 5),
        wallMinutes: fc.integer({ min: 3, max: 60 }).map((m) => m * 5),
        windowStartMinutes: fc.option(fc.integer({ min: 84, max: 200 }).map((m) => m * 5)),
        windowLength: fc.integer({ min: 0, max: 48 }).map((m) => m * 5),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ teams, leaves, jobs }) => ({
    date: '2026-12-02',
    openingMinutes: 420,
    closingMinutes: 1140,
    teams,
    leaves: leaves.map(({ length, ...l }) => ({ ...l, toMinutes: Math.min(1440, l.fromMinutes + length) })),
    jobs: jobs.map(({ windowLength, ...j }, i) => ({
      ...j,
      id: i + 1,
      windowEndMinutes: j.windowStartMinutes === null ? null : j.windowStartMinutes + windowLength,
    })),
  }));

/** The minutes a span covers, one by one: a second, naive reading of "at the same time". */
const minutes = (from: number, to: number) => new Set(Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i));
const share = (a: Set<number>, b: Set<number>) => [...a].some((m) => b.has(m));
const jobMinutes = (j: ScheduleJob) => minutes(j.startMinutes, j.startMinutes + j.wallMinutes);

describe('findConflicts: property (issue 20)', () => {
  it('every conflict reported is real, and every real overlap and leave clash is reported', () => {
    fc.assert(
      fc.property(arbDay, (d) => {
        const found = findConflicts(d);
        const byId = new Map(d.jobs.map((j) => [j.id, j]));
        for (const c of found) {
          const jobs = c.jobIds.map((id) => byId.get(id)!);
          expect(jobs.every((j) => j && j.teamId === c.teamId)).toBe(true);
          if (c.kind === 'jobOverlap') expect(share(jobMinutes(jobs[0]!), jobMinutes(jobs[1]!))).toBe(true);
          if (c.kind === 'memberOnLeave') {
            const leaves = d.leaves.filter((l) => l.teamId === c.teamId && l.userId === c.userId);
            expect(leaves.some((l) => share(minutes(l.fromMinutes, l.toMinutes), jobMinutes(jobs[0]!)))).toBe(true);
          }
          if (c.kind === 'teamWithoutMembers') {
            const team = d.teams.find((t) => t.id === c.teamId);
            expect(!team || team.out || team.members === 0).toBe(true);
          }
          if (c.kind === 'outsideTeamHours') {
            const [j] = jobs;
            expect(j!.startMinutes < d.openingMinutes || j!.startMinutes + j!.wallMinutes > d.closingMinutes).toBe(true);
          }
          if (c.kind === 'beyondArrivalWindow') {
            const [j] = jobs;
            const early = j!.windowStartMinutes !== null && j!.startMinutes < j!.windowStartMinutes;
            expect(early || (j!.windowEndMinutes !== null && j!.startMinutes > j!.windowEndMinutes)).toBe(true);
          }
        }
        const keys = new Set(found.map((c) => c.key));
        expect(keys.size).toBe(found.length);
        for (const a of d.jobs) {
          for (const b of d.jobs) {
            if (a.id < b.id && a.teamId === b.teamId && share(jobMinutes(a), jobMinutes(b))) {
              expect(keys.has(`jobOverlap:${a.id}:${b.id}`)).toBe(true);
            }
          }
          for (const l of d.leaves) {
            if (l.teamId === a.teamId && share(minutes(l.fromMinutes, l.toMinutes), jobMinutes(a))) {
              expect(keys.has(`memberOnLeave:${l.userId}:${a.id}`)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
