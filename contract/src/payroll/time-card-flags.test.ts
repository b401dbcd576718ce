import { describe, expect, it } from 'vitest';
import { type FlagPunch, timeCardFlags, workedMinutes } from './time-card-flags';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
let nextId = 1;
const punch = (kind: FlagPunch['kind'], start: number, end: number | null, jobId?: number): FlagPunch => ({
  id: nextId++,
  kind,
  start,
  end,
  jobId,
});
const codes = (punches: FlagPunch[], extra: Partial<Parameters<typeof timeCardFlags>[0]> = {}) =>
  timeCardFlags({ punches, dayIsOver: true, completedTeamJobs: [], ...extra }).map((f) => f.code);

describe('time-card flags', () => {
  it('an 8-hour day with a meal in time has no flags; worked time is the clock less the meal', () => {
    const day = [punch('shift', h(8), h(16, 30)), punch('meal', h(12), h(12, 30)), punch('job', h(9), h(11, 45), 7)];
    expect(codes(day, { completedTeamJobs: [{ jobId: 7, reference: 'J-1' }] })).toEqual([]);
    expect(workedMinutes(day)).toBe(h(8));
  });

  it('an open punch is missing its end once the day is over, not before', () => {
    const day = [punch('shift', h(8), null)];
    expect(codes(day)).toEqual(['openPunch']);
    expect(codes(day, { dayIsOver: false })).toEqual([]);
  });

  it('work without a clock-in, and a completed team job without a job punch', () => {
    const flags = timeCardFlags({
      punches: [punch('job', h(9), h(11), 3)],
      dayIsOver: true,
      completedTeamJobs: [
        { jobId: 3, reference: 'J-3' },
        { jobId: 4, reference: 'J-4' },
      ],
    });
    expect(flags).toEqual([
      { code: 'missingShift', params: {} },
      { code: 'jobNotPunched', params: { jobId: 4, jobReference: 'J-4' } },
    ]);
  });

  it('job time outside the clock and overlapping punches', () => {
    const job = punch('job', h(7, 30), h(9), 1);
    const drive = punch('drive', h(8, 50), h(9, 20));
    const flags = timeCardFlags({
      punches: [punch('shift', h(8), h(12)), job, drive],
      dayIsOver: true,
      completedTeamJobs: [],
    });
    expect(flags).toEqual([
      { code: 'outsideShift', params: { punchIds: [job.id], kind: 'job' } },
      { code: 'overlap', params: { punchIds: [job.id, drive.id] } },
    ]);
  });

  it('meal missing after 5 hours worked, late when it starts after the end of the 5th hour', () => {
    expect(codes([punch('shift', h(8), h(13, 1))])).toEqual(['mealMissing']);
    expect(codes([punch('shift', h(8), h(13))])).toEqual([]);
    expect(codes([punch('shift', h(8), h(14)), punch('meal', h(13), h(13, 30))])).toEqual([]);
    const late = punch('meal', h(13, 1), h(13, 31));
    expect(timeCardFlags({ punches: [punch('shift', h(8), h(15)), late], dayIsOver: true, completedTeamJobs: [] })).toEqual([
      { code: 'mealLate', params: { meal: 1, punchIds: [late.id] } },
    ]);
  });

  it('a second meal is due before the end of the 10th hour; a day over 12 hours is flagged', () => {
    // 7:00–20:30 with one meal: 13 hours worked.
    const thirteen = [punch('shift', h(7), h(20, 30)), punch('meal', h(11), h(11, 30))];
    expect(workedMinutes(thirteen)).toBe(h(13));
    const flags = timeCardFlags({ punches: thirteen, dayIsOver: true, completedTeamJobs: [] });
    expect(flags).toEqual([
      { code: 'mealMissing', params: { meal: 2 } },
      { code: 'over12Hours', params: { minutes: h(13) } },
    ]);
    // The second meal in time: 10th hour ends at 17:30 (one 30-minute meal before).
    expect(codes([...thirteen, punch('meal', h(17, 30), h(18))])).toEqual(['over12Hours']);
    expect(codes([...thirteen, punch('meal', h(17, 31), h(18))])).toEqual(['mealLate', 'over12Hours']);
  });

  it('a day without a clock counts its job, drive and labor punches once', () => {
    expect(workedMinutes([punch('job', h(9), h(11)), punch('drive', h(10, 30), h(11, 30)), punch('labor', h(12), h(13))])).toBe(
      h(3, 30),
    );
  });
});
