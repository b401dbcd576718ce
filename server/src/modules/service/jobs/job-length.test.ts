import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AssignmentDay,
  type BoardDay,
  Code,
  type JobDetail,
  type JobLength,
  type JobListResponse,
  jobLengthText,
} from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { boardTeam, placedJob } from '../board/board.fixtures';
import { pricedItem } from './jobs.fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.loginAs('scheduler');
});
afterAll(() => t.close());

const ok = async <T>(route: string, body: unknown): Promise<T> => {
  const result = await t.call<T>(route, { token, body });
  expect(result.code, `${route}: ${result.message}`).toBe(Code.OK);
  return result.data;
};

function pdfText(content: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'length-pdf-')), 'day.pdf');
  fs.writeFileSync(file, content);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** The job's length as every reader answers it: board, list, detail, and the PDF's words. */
async function lengthsOf(date: string, job: { id: number; reference: string }) {
  const board = await ok<BoardDay>('/jhSchedule/queryBoard', { date });
  const list = await ok<JobListResponse>('/job/queryList', { pageNum: 1, pageSize: 20, keyword: job.reference });
  const detail = await ok<JobDetail>('/job/detail', { id: job.id });
  const pdf = await t.call('/derive/dayDerive', { token, body: { date }, locale: 'en' });
  const boardJob = board.jobs.find((j) => j.id === job.id)!;
  return {
    board: boardJob,
    list: list.list.find((j) => j.id === job.id)!.length,
    detail: detail.job.length,
    pdf: pdfText(pdf.data as Buffer).replace(/\s+/g, ' '),
  };
}

const expectAgreement = (seen: Awaited<ReturnType<typeof lengthsOf>>, length: JobLength) => {
  expect(seen.board.length).toEqual(length);
  expect(seen.board.durationMinutes).toBe(length.wallMinutes);
  expect(seen.list).toEqual(length);
  expect(seen.detail).toEqual(length);
  expect(seen.pdf).toContain(jobLengthText(length, 'en'));
};

describe('one job length', () => {
  it('board, list, detail and the daily schedule PDF agree before and after a member moves for the day', async () => {
    const team = await boardTeam(t);
    const day = async () => ok<AssignmentDay>('/jhSchedule/queryAssignments', { serviceDate: date });
    const date = '2033-06-14';
    const item = await pricedItem(t, date);
    const placed = await placedJob(
      t,
      { teamId: team.id, date, startTime: '09:00' },
      { lines: [{ priceItemId: item.id, quantity: 3 }] },
    );
    const detail = await ok<JobDetail>('/job/detail', { id: placed.id });
    const person = detail.job.quotedMinutes;
    const before = await day();
    const crew = before.teams.find((x) => x.id === team.id)!.members;
    expect(crew.length).toBeGreaterThanOrEqual(2);

    const first = await lengthsOf(date, detail.job);
    expectAgreement(first, {
      personMinutes: person,
      members: crew.length,
      wallMinutes: Math.max(15, Math.ceil(person / crew.length)),
    });

    // One member leaves the team for that day only: the same work, one pair of hands fewer.
    const moved = crew[crew.length - 1]!;
    await ok('/jhSchedule/updateBoard', {
      serviceDate: date,
      version: before.version,
      moves: [{ userId: moved.userId, teamId: null }],
    });
    const after = await lengthsOf(date, detail.job);
    const fewer = crew.length - 1;
    expectAgreement(after, { personMinutes: person, members: fewer, wallMinutes: Math.max(15, Math.ceil(person / fewer)) });
    expect(after.board.length.wallMinutes).toBeGreaterThan(first.board.length.wallMinutes);
    // The printed minutes column says the board's time on site too, not the stored one.
    expect(after.pdf).toContain(`09:00 ${after.board.length.wallMinutes} ${detail.job.reference}`);
  });
});
