import type { AttendanceResponse, BoardDay, CompletionList, StartOfDay } from '@tidyhouse/contract';
import { Code } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBusinessDay } from '../../../test/clock';
import { createTestApp, type TestApp } from '../../../test/helper';
import { userIdOf } from '../employees/test-support';
import { CLEANER, crewJob, crewTeamOf, fieldCall, momentOn, newKey, otherCrewJob } from './actions.fixtures';

/**
 * The office's live view of the field (issue 21): the board's job states, lateness and who is
 * clocked in; the time card's field punches with their location and conflicts; Start of Day's
 * "not clocked in"; Job Completion's crew report. A winter day before the demo's history: noon in
 * California is "now".
 */

let t: TestApp;
let rosaToken: string;
let office: string;
let rosa: number;
beforeAll(async () => {
  t = await createTestApp();
  rosaToken = await t.sessionAs('cleaner');
  office = await t.sessionAs('office_manager');
  rosa = await userIdOf(t, CLEANER);
});
afterAll(() => t.close());

const officeCall = async <T>(path: string, body: unknown): Promise<T> => {
  const result = await t.call<T>(path, { token: office, locale: 'en', body });
  expect(result.code).toBe(Code.OK);
  return result.data;
};

describe('the office sees the field live', () => {
  it('board, time card, Start of Day and Job Completion show what the crew did', async () => {
    const day = '2022-02-08';
    const at = (hhmm: string) => momentOn(t, day, hhmm);
    const here = { lat: 37.77, lng: -122.42, accuracyM: 8 };
    const [first, second] = [await crewJob(t, day, '08:00'), await crewJob(t, day, '13:00')];
    // Another crew's job whose arrival window began at 10:00: nobody has checked in.
    const late = await otherCrewJob(t, day);
    const team = await crewTeamOf(t, day);
    await onBusinessDay(day, async () => {
      const before = await officeCall<StartOfDay>('/officeDay/startOfDay', { date: day });
      const notIn = before.items.find((i) => i.key === 'notClockedIn')!;
      expect(notIn.ok).toBe(false);
      expect(notIn.rows.some((r) => r.label.startsWith('Rosa Martinez'))).toBe(true);

      const call = (path: string, body: Record<string, unknown>) => fieldCall(t, rosaToken, path, { key: newKey(), ...body });
      await call('/field/punch', { kind: 'clockIn', at: await at('07:40'), location: here });
      await call('/field/jobEvent', { jobId: first.id, kind: 'checkIn', at: await at('07:58'), location: here });
      await call('/field/jobEvent', { jobId: first.id, kind: 'note', at: await at('09:00'), note: 'Back door sticks' });
      let board = await officeCall<BoardDay>('/jhSchedule/queryBoard', { date: day });
      const job = (id: number) => board.jobs.find((j) => j.id === id)!;
      expect(job(first.id)).toMatchObject({ fieldState: 'inProgress', lateToArrive: false });
      expect(job(second.id).fieldState).toBe('notStarted');
      expect(job(late.id)).toMatchObject({ fieldState: 'notStarted', lateToArrive: true });
      const members = board.teams.find((x) => x.id === team)!.members;
      expect(members.find((m) => m.userId === rosa)?.clockedIn).toBe(true);
      expect(members.filter((m) => m.userId !== rosa).every((m) => !m.clockedIn)).toBe(true);

      await call('/field/jobEvent', { jobId: first.id, kind: 'checkOut', at: await at('11:30'), location: here });
      board = await officeCall<BoardDay>('/jhSchedule/queryBoard', { date: day });
      expect(job(first.id).fieldState).toBe('done');
      // The crew is on its way to its next job.
      expect(job(second.id)).toMatchObject({ fieldState: 'enRoute', lateToArrive: false });

      const after = await officeCall<StartOfDay>('/officeDay/startOfDay', { date: day });
      expect(after.items.find((i) => i.key === 'notClockedIn')!.rows.some((r) => r.label.startsWith('Rosa Martinez'))).toBe(
        false,
      );

      const completion = await officeCall<CompletionList>('/officeDay/completionList', { date: day });
      expect(completion.list.find((j) => j.id === first.id)).toMatchObject({
        status: 'scheduled',
        fieldState: 'done',
        reportedDoneAt: await at('11:30'),
        fieldConflict: false,
      });
      expect(completion.list.find((j) => j.id === first.id)!.fieldNote).toContain('Back door sticks');
    });

    const card = await officeCall<AttendanceResponse>('/jhSchedule/queryAttendance', { view: 'week', date: day, userId: rosa });
    const punches = card.days.find((d) => d.workDate === day)!.punches;
    expect(punches.map((p) => `${p.kind} ${p.source} ${p.startTime}`)).toEqual(['shift field 07:40', 'job field 07:58']);
    expect(punches[1]).toMatchObject({ location: here, endLocation: here, endTime: '11:30' });
    expect(punches[0]).toMatchObject({ location: here, endLocation: null });
  });
});
