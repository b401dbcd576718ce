import { Code, type Leave, type ListResponse } from '@tidyhouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { daysFromToday, leavesOf, userIdOf } from './test-support';

let t: TestApp;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  office = await t.loginAs('office_manager');
});
afterAll(() => t.close());

const add = async (uname: string, leave: object) =>
  t.call<{ id: number; version: number }>('/sysUserLeave/add', {
    token: office,
    body: { userId: await userIdOf(t, uname), ...leave },
  });

describe('leave rules', () => {
  it('requires start date, end date and reason with the spec message; end before start names endDate', async () => {
    const missing = await add('ana.lopez', { startDate: '2027-01-05' });
    expect(missing).toMatchObject({
      code: Code.INVALID_INPUT,
      message: expect.stringContaining('A leave entry requires start date, end date and reason'),
    });
    const zh = await t.call('/sysUserLeave/add', { token: office, body: { userId: 1, reason: '' }, locale: 'zh' });
    expect(zh.message).toContain('请假记录需要填写开始日期、结束日期和原因');
    const backwards = await t.call<{ issues: { field: string; message: string }[] }>('/sysUserLeave/add', {
      token: office,
      body: { userId: 1, startDate: '2027-01-05', endDate: '2027-01-04', reason: 'Trip' },
    });
    expect(backwards.data.issues).toEqual([{ field: 'endDate', message: 'end date must not be before the start date' }]);
    const noTimes = await add('ana.lopez', { startDate: '2027-01-05', endDate: '2027-01-05', allDay: false, reason: 'Doctor' });
    expect(noTimes.message).toContain('start and end times are required');
  });

  it('refuses a leave overlapping another of the same employee, naming its dates', async () => {
    const mei = (await leavesOf(t, 'mei.lin'))[0]!;
    const overlap = await add('mei.lin', { startDate: mei.endDate, endDate: daysFromToday(40), reason: 'Longer trip' });
    expect(overlap).toMatchObject({
      code: Code.REFUSED,
      message: `This leave overlaps another leave of the employee: ${mei.startDate} – ${mei.endDate}.`,
    });
    // The day after ends is free; so is another employee's leave on the same days.
    const after = await add('mei.lin', { startDate: daysFromToday(17), endDate: daysFromToday(17), reason: 'Moving day' });
    expect(after.code).toBe(Code.OK);
    expect((await add('grace.huang', { startDate: mei.startDate, endDate: mei.endDate, reason: 'Vacation' })).code).toBe(Code.OK);
  });

  it('lets part-day leaves share a day when their hours do not meet', async () => {
    const day = daysFromToday(3);
    const carmen = (await leavesOf(t, 'carmen.torres'))[0]!;
    expect(carmen).toMatchObject({ startDate: day, startTime: '13:00', endTime: '17:00' });
    const morning = await add('carmen.torres', {
      startDate: day,
      endDate: day,
      allDay: false,
      startTime: '08:00',
      endTime: '13:00',
      reason: 'School',
    });
    expect(morning.code).toBe(Code.OK);
    const clash = await add('carmen.torres', {
      startDate: day,
      endDate: day,
      allDay: false,
      startTime: '16:00',
      endTime: '18:00',
      reason: 'x',
    });
    expect(clash).toMatchObject({ code: Code.REFUSED, message: expect.stringContaining(`${day} 13:00 – ${day} 17:00`) });
    const wholeDay = await add('carmen.torres', { startDate: day, endDate: day, reason: 'Sick' });
    expect(wholeDay.code).toBe(Code.REFUSED);
  });

  it('modifies a leave (not counting itself as an overlap), refuses a stale version, and removes', async () => {
    const leave = (await leavesOf(t, 'lucia.hernandez'))[0]!;
    const body = {
      id: leave.id,
      version: leave.version,
      startDate: leave.startDate,
      endDate: daysFromToday(36),
      allDay: true,
      reason: 'Trip to Guadalajara (extended)',
    };
    const changed = await t.call<{ version: number }>('/sysUserLeave/modify', { token: office, body });
    expect(changed.code).toBe(Code.OK);
    const detail = await t.call<Leave>('/sysUserLeave/detail', { token: office, body: { id: leave.id } });
    expect(detail.data).toMatchObject({ endDate: daysFromToday(36), days: 7, userName: 'Lucia Hernandez' });
    expect((await t.call('/sysUserLeave/modify', { token: office, body })).code).toBe(Code.CONFLICT);
    const removed = await t.call('/sysUserLeave/remove', {
      token: office,
      body: { id: leave.id, version: changed.data.version },
    });
    expect(removed.code).toBe(Code.OK);
    expect(await leavesOf(t, 'lucia.hernandez')).toEqual([]);
  });

  it('lists leave touching a date range, for one employee or everyone', async () => {
    const all = await t.call<ListResponse<Leave>>('/sysUserLeave/queryList', {
      token: office,
      body: { dateFrom: daysFromToday(0), dateTo: daysFromToday(20) },
    });
    expect(all.data.list.every((l) => l.endDate >= daysFromToday(0) && l.startDate <= daysFromToday(20))).toBe(true);
    expect(all.data.list.map((l) => l.userName)).toEqual(expect.arrayContaining(['Mei Lin', 'Carmen Torres']));
    expect(all.data.list.map((l) => l.userName)).not.toContain('Ana Lopez');
    const ana = await t.call<ListResponse<Leave>>('/sysUserLeave/queryList', {
      token: office,
      body: { userId: await userIdOf(t, 'ana.lopez') },
    });
    expect(ana.data.list).toHaveLength(1);
    expect(ana.data.list[0]).toMatchObject({
      reason: 'Family visit in Fresno / 去 Fresno 探亲',
      days: 3,
      allDay: true,
      createdByName: 'Linda Chen',
    });
  });
});
