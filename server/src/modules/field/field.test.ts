import { addDays, Code, type FieldDay, type FieldPhoto, type FieldRevealCodeAnswer, type JobSaved } from '@tidyhouse/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET_KEY } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { businessToday } from '../../platform/business-date';
import { createSecrets, parseSecretKey } from '../../platform/secrets';
import { customerLocations } from '../customers/customers.tables';
import { jobImages, jobs } from '../service/jobs/jobs.tables';
import { auditLog } from '../system/system.tables';
import {
  cleanerOutside,
  crewTeamId,
  FIELD_CLEANER,
  fieldJob,
  otherTeamId,
  PNG_DATA_URL,
  storedPhoto,
  userIdOfUname,
} from './field.fixtures';

/**
 * Issue 21, the field app's reading side: the crew's day and nothing more, codes of today's jobs only
 * (audited), photos onto today's jobs, one scope rule for all (`fieldJobScope`).
 */
const secrets = createSecrets(parseSecretKey(TEST_SECRET_KEY)!);
let t: TestApp;
let cleaner: string;
let today: string;
let tomorrow: string;
let crew: number;
let other: number;
let late: JobSaved;
let early: JobSaved;
let otherCrewJob: JobSaved;
let tomorrowJob: JobSaved;

beforeAll(async () => {
  t = await createTestApp();
  cleaner = await t.sessionAs('cleaner');
  today = await businessToday(t.db);
  tomorrow = addDays(today, 1);
  crew = await crewTeamId(t);
  other = await otherTeamId(t, crew, today);
  // Made out of order: the day lists them by start.
  late = await fieldJob(t, { startTime: '13:30' });
  early = await fieldJob(t, { startTime: '07:15' });
  otherCrewJob = await fieldJob(t, { teamId: other, startTime: '08:00' });
  tomorrowJob = await fieldJob(t, { date: tomorrow, teamId: await crewTeamId(t, undefined, tomorrow) });
});
afterAll(() => t.close());

const myDay = (body: object = {}, token = cleaner) => t.call<FieldDay>('/field/myDay', { token, body });
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

/** Every key anywhere in a value, nested. */
function keysIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      keysIn(v, found);
    }
  }
  return found;
}

describe('/field/myDay', () => {
  it("lists the crew's jobs of today in the day's order, never another crew's", async () => {
    const day = (await myDay()).data;
    expect(day).toMatchObject({ date: today, readOnly: false, team: { id: crew } });
    const ids = day.jobs.map((j) => j.id);
    expect(ids).toContain(early.id);
    expect(ids).toContain(late.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    expect(ids).not.toContain(otherCrewJob.id);
    expect(ids).not.toContain(tomorrowJob.id);
    const starts = day.jobs.map((j) => j.startMinutes ?? Number.MAX_SAFE_INTEGER);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('gives what the crew needs at the door: address, codes present, checklist from the lines, notes', async () => {
    const job = (await myDay()).data.jobs.find((j) => j.id === early.id)!;
    const [location] = await t.db
      .select()
      .from(customerLocations)
      .innerJoin(jobs, eq(jobs.locationId, customerLocations.id))
      .where(eq(jobs.id, early.id));
    expect(job.address).toContain(location!.customer_locations.address1);
    expect(job.mapsQuery).toBe(job.address);
    expect(job.hasCodes.key).toBe(true);
    expect(job.checklist).toHaveLength(1);
    expect(job.checklist[0]).toMatchObject({ id: expect.stringMatching(/^line-\d+$/), done: false });
    expect(job.checklist[0]!.text).toMatch(/× 2$/);
    expect(job.notes).toBe('Bring the ladder');
    expect(job.windowFrom === null || /^\d\d:\d\d$/.test(job.windowFrom)).toBe(true);
    expect(job.length.members).toBeGreaterThan(0);
    expect(job.fieldState).toBe('notStarted');
  });

  it('carries no price, pay, card data or code in the answer', async () => {
    const day = (await myDay()).data;
    const keys = [...keysIn(day)];
    expect(keys.filter((k) => /cents|price|pay|wage|rate|card|revenue|invoice|cost|profit|code$/i.test(k))).toEqual([]);
    // The code's value only ever comes from /field/revealCode.
    const [location] = await t.db
      .select()
      .from(customerLocations)
      .innerJoin(jobs, eq(jobs.locationId, customerLocations.id))
      .where(eq(jobs.id, early.id));
    const code = secrets.decrypt(location!.customer_locations.keyCodeEncrypted!);
    expect(JSON.stringify(day)).not.toContain(`"${code}"`);
  });

  it('shows tomorrow read-only, and no other day', async () => {
    const day = (await myDay({ date: tomorrow })).data;
    expect(day).toMatchObject({ date: tomorrow, readOnly: true });
    expect(day.jobs.map((j) => j.id)).toContain(tomorrowJob.id);
    expect((await myDay({ date: addDays(today, 2) })).code).toBe(Code.FORBIDDEN);
    expect((await myDay({ date: addDays(today, -1) })).code).toBe(Code.FORBIDDEN);
  });

  it('lets an office user holding field:use look at a crew by team; a cleaner may not name a team', async () => {
    const office = await t.sessionAs('office_manager');
    const seen = (await myDay({ teamId: other }, office)).data;
    expect(seen.team?.id).toBe(other);
    expect(seen.jobs.map((j) => j.id)).toContain(otherCrewJob.id);
    expect((await myDay({ teamId: other })).code).toBe(Code.FORBIDDEN);
    expect((await myDay({ teamId: crew })).code).toBe(Code.FORBIDDEN);
  });
});

describe('/field/revealCode', () => {
  it("reveals a code of today's crew job and logs it as the key list does, never the code", async () => {
    const result = await t.call<FieldRevealCodeAnswer>('/field/revealCode', {
      token: cleaner,
      body: { jobId: early.id, kind: 'key' },
    });
    expect(result.code).toBe(Code.OK);
    const [row] = await t.db
      .select()
      .from(customerLocations)
      .innerJoin(jobs, eq(jobs.locationId, customerLocations.id))
      .where(eq(jobs.id, early.id));
    expect(result.data.value).toBe(secrets.decrypt(row!.customer_locations.keyCodeEncrypted!));
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      module: 'customers',
      action: 'revealCode',
      recordType: 'customerLocation',
      recordId: row!.customer_locations.id,
    });
    expect(entry.details).toMatchObject({ params: { uname: 'rosa.martinez', field: 'key' } });
    expect(JSON.stringify(entry)).not.toContain(result.data.value);
  });

  it.each([
    ["tomorrow's job of the crew", () => tomorrowJob.id],
    ["another crew's job", () => otherCrewJob.id],
    ['a job that does not exist', () => 99_999_999],
  ])('refuses %s with 10003, logging nothing', async (_what, jobId) => {
    const before = await lastAudit();
    const result = await t.call('/field/revealCode', { token: cleaner, body: { jobId: jobId(), kind: 'key' } });
    expect(result.code).toBe(Code.FORBIDDEN);
    expect((await lastAudit()).id).toBe(before.id);
  });

  it("refuses a cleaner of another crew on this crew's job", async () => {
    const outsider = await t.login(await cleanerOutside(t, crew, today));
    const result = await t.call('/field/revealCode', { token: outsider, body: { jobId: early.id, kind: 'key' } });
    expect(result.code).toBe(Code.FORBIDDEN);
  });
});

describe('/field/photo and /field/image', () => {
  it("adds a before photo to today's crew job, on the job's images and change log, and reads it back", async () => {
    const body = { jobId: late.id, kind: 'after', name: 'kitchen.png', contentBase64: PNG_DATA_URL };
    const result = await t.call<FieldPhoto>('/field/photo', { token: cleaner, body });
    expect(result.code).toBe(Code.OK);
    const [image] = await t.db.select().from(jobImages).where(eq(jobImages.id, result.data.id));
    expect(image).toMatchObject({ jobId: late.id, kind: 'after', name: 'kitchen.png', mimeType: 'image/png' });
    expect(await lastAudit()).toMatchObject({ module: 'service', action: 'uploadImage', recordType: 'job', recordId: late.id });
    const day = (await myDay()).data.jobs.find((j) => j.id === late.id)!;
    expect(day.photos).toContainEqual({ id: image!.id, kind: 'after', url: `/field/image?id=${image!.id}` });
    const bytes = await t.call('/field/image', { method: 'GET', token: cleaner, query: { id: String(image!.id) } });
    expect(bytes.status).toBe(200);
  });

  it.each([
    ["tomorrow's job of the crew", () => tomorrowJob.id],
    ["another crew's job", () => otherCrewJob.id],
  ])('refuses a photo of %s with 10003, storing nothing', async (_what, jobId) => {
    const before = await t.fingerprint();
    const body = { jobId: jobId(), kind: 'before', name: 'x.png', contentBase64: PNG_DATA_URL };
    expect((await t.call('/field/photo', { token: cleaner, body })).code).toBe(Code.FORBIDDEN);
    expect(await t.fingerprint()).toBe(before);
  });

  it("reads a photo of tomorrow's crew job, never one of another crew's", async () => {
    const mine = await storedPhoto(t, tomorrowJob.id);
    const theirs = await storedPhoto(t, otherCrewJob.id);
    expect((await t.call('/field/image', { method: 'GET', token: cleaner, query: { id: String(mine) } })).status).toBe(200);
    expect((await t.call('/field/image', { method: 'GET', token: cleaner, query: { id: String(theirs) } })).code).toBe(
      Code.FORBIDDEN,
    );
  });
});

describe('the crew comes from daily assignments', () => {
  it("moved to another team for today, the cleaner sees and acts on that crew's jobs, no longer the standing one's", async () => {
    const office = await t.sessionAs('office_manager');
    const rosa = await userIdOfUname(t, FIELD_CLEANER);
    const day = await t.call<{ version: number }>('/jhSchedule/queryAssignments', {
      token: office,
      body: { serviceDate: today },
    });
    const moved = await t.call('/jhSchedule/updateBoard', {
      token: office,
      body: { serviceDate: today, version: day.data.version, moves: [{ userId: rosa, teamId: other }] },
    });
    expect(moved.code).toBe(Code.OK);
    const seen = (await myDay()).data;
    expect(seen.team?.id).toBe(other);
    expect(seen.jobs.map((j) => j.id)).toContain(otherCrewJob.id);
    expect(seen.jobs.map((j) => j.id)).not.toContain(early.id);
    const reveal = (jobId: number) => t.call('/field/revealCode', { token: cleaner, body: { jobId, kind: 'key' } });
    expect((await reveal(otherCrewJob.id)).code).toBe(Code.OK);
    expect((await reveal(early.id)).code).toBe(Code.FORBIDDEN);
  });
});
