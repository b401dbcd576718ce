import type { EmployeeDetail, Leave } from '@tidyhouse/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  employeeAddRequest,
  employeeFormValues,
  employeeModifyRequest,
  leaveFormValues,
  leaveRangeProblem,
  leaveRequest,
  payRateRequest,
} from './convert';

const detail = {
  id: 12,
  version: 4,
  name: 'Rosa Martinez',
  uname: 'rosa.martinez',
  employeeNo: 'E0008',
  roleId: 5,
  email: null,
  phone: '(650) 555-0211',
  birthDate: '1984-09-12',
  hireDate: '2021-05-17',
  referredBy: null,
  location: 'Daly City',
  driverLicenseNo: 'D4821377',
  driverLicenseExpiry: '2028-09-12',
  emergencyContact: 'Luis Martinez',
  emergencyPhone: null,
  notes: null,
} as EmployeeDetail;

describe('employee form ↔ API', () => {
  it('modify sends every field with the version, emptied ones as null, and no password unless typed', () => {
    const values = { ...employeeFormValues(detail), location: '  ', notes: ' Trains new cleaners. ', hireDate: undefined };
    const request = employeeModifyRequest(12, 4, values);
    expect(request).toEqual({
      id: 12,
      version: 4,
      name: 'Rosa Martinez',
      uname: 'rosa.martinez',
      roleId: 5,
      email: null,
      phone: '(650) 555-0211',
      birthDate: '1984-09-12',
      hireDate: null,
      employeeNo: 'E0008',
      referredBy: null,
      location: null,
      driverLicenseNo: 'D4821377',
      driverLicenseExpiry: '2028-09-12',
      emergencyContact: 'Luis Martinez',
      emergencyPhone: null,
      notes: 'Trains new cleaners.',
    });
    expect(request).not.toHaveProperty('password');
    expect(employeeModifyRequest(12, 4, { ...values, password: 'new-secret-1', verifyPassword: 'new-secret-1' })).toMatchObject({
      password: 'new-secret-1',
      verifyPassword: 'new-secret-1',
    });
  });

  it('add sends the account with both passwords and dates as business dates', () => {
    expect(
      employeeAddRequest({
        name: ' Olivia Bennett ',
        roleId: 3,
        uname: ' olivia ',
        password: 'Secret-pass-1',
        verifyPassword: 'Secret-pass-1',
        hireDate: dayjs('2026-03-02'),
      }),
    ).toMatchObject({
      name: 'Olivia Bennett',
      uname: 'olivia',
      roleId: 3,
      password: 'Secret-pass-1',
      verifyPassword: 'Secret-pass-1',
      hireDate: '2026-03-02',
      employeeNo: null,
      email: null,
    });
  });
});

describe('pay rate form → API', () => {
  it('sends dollars as integer cents, never a float', () => {
    const request = payRateRequest([3, 4], {
      payType: 'hourly',
      rate: '24.5',
      laborTypeId: undefined,
      isPaid: true,
      effectiveFrom: dayjs('2026-04-01'),
      note: ' raise ',
    });
    expect(request).toEqual({
      userIds: [3, 4],
      payType: 'hourly',
      rateCents: 2450,
      laborTypeId: null,
      isPaid: true,
      effectiveFrom: '2026-04-01',
      note: 'raise',
    });
    expect(payRateRequest([1], { payType: 'salary', rate: '2,100.10', isPaid: false }).rateCents).toBe(210010);
    expect(payRateRequest([1], { payType: 'salary', rate: 'abc', isPaid: false }).rateCents).toBe(0);
  });
});

describe('leave form ↔ API', () => {
  const day = (date: string) => dayjs(date);
  const time = (hhmm: string) => dayjs(`2030-01-01T${hhmm}`);

  it('sends times only for a leave that is not all day', () => {
    const base = {
      startDate: day('2030-03-04'),
      endDate: day('2030-03-04'),
      reason: ' Dentist ',
      startTime: time('09:00'),
      endTime: time('11:30'),
    };
    // No type chosen: personal leave (the leave of spec §3).
    expect(leaveRequest({ ...base, allDay: false })).toEqual({
      kind: 'personal',
      startDate: '2030-03-04',
      endDate: '2030-03-04',
      allDay: false,
      startTime: '09:00',
      endTime: '11:30',
      reason: 'Dentist',
    });
    expect(leaveRequest({ ...base, allDay: true })).toMatchObject({ allDay: true, startTime: null, endTime: null });
  });

  it('reads a leave back into the form', () => {
    const leave = {
      kind: 'sick',
      startDate: '2030-03-04',
      endDate: '2030-03-05',
      allDay: false,
      startTime: '13:00',
      endTime: '10:15',
      reason: 'Move',
    } as Leave;
    expect(leaveRequest(leaveFormValues(leave))).toEqual({ ...leave });
  });

  it('finds an end before the start, and a same-day end time not after the start time', () => {
    expect(leaveRangeProblem({ startDate: day('2030-03-04'), endDate: day('2030-03-01'), allDay: true })).toBe(
      'validation.endBeforeStart',
    );
    expect(leaveRangeProblem({ startDate: day('2030-03-04'), endDate: day('2030-03-04'), allDay: true })).toBeNull();
    const sameDay = { startDate: day('2030-03-04'), endDate: day('2030-03-04'), allDay: false };
    expect(leaveRangeProblem({ ...sameDay, startTime: time('10:00'), endTime: time('10:00') })).toBe(
      'validation.endTimeNotAfterStart',
    );
    expect(leaveRangeProblem({ ...sameDay, startTime: time('10:00'), endTime: time('12:00') })).toBeNull();
    // Over several days the end time may be earlier in the day than the start time.
    expect(
      leaveRangeProblem({ ...sameDay, endDate: day('2030-03-05'), startTime: time('14:00'), endTime: time('09:00') }),
    ).toBeNull();
    // Missing values are the required rules' business.
    expect(leaveRangeProblem({ allDay: true })).toBeNull();
  });
});
