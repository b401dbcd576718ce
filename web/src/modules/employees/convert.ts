import {
  centsToDecimalText,
  type EmployeeDetail,
  type Leave,
  type LeaveKind,
  type PayType,
  parseMoneyToCents,
  type ZEmployeeAddRequest,
  type ZEmployeeModifyRequest,
  type ZLeaveAddRequest,
  type ZPayRateAddBatchRequest,
} from '@tidyhouse/contract';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { z } from 'zod';

dayjs.extend(customParseFormat);

/** Converters between the forms (dayjs dates, decimal text) and the API (YYYY-MM-DD, cents). */

export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'HH:mm';

/** A business date ('YYYY-MM-DD') for a DatePicker; undefined when there is none. */
export function toDay(value: string | null | undefined): Dayjs | undefined {
  return value ? dayjs(value, DATE_FORMAT) : undefined;
}

/** A DatePicker's value as a business date; null when empty. */
export function fromDay(value: Dayjs | null | undefined): string | null {
  return value ? value.format(DATE_FORMAT) : null;
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

// ── Employee info ─────────────────────────────────────────────────────────────────────────────

export interface EmployeeFormValues {
  name?: string;
  employeeNo?: string;
  roleId?: number;
  email?: string;
  phone?: string;
  birthDate?: Dayjs | null;
  hireDate?: Dayjs | null;
  referredBy?: string;
  location?: string;
  driverLicenseNo?: string;
  driverLicenseExpiry?: Dayjs | null;
  emergencyContact?: string;
  emergencyPhone?: string;
  notes?: string;
  uname?: string;
  password?: string;
  verifyPassword?: string;
}

export function employeeFormValues(detail: EmployeeDetail): EmployeeFormValues {
  return {
    name: detail.name,
    employeeNo: detail.employeeNo ?? '',
    roleId: detail.roleId,
    email: detail.email ?? '',
    phone: detail.phone ?? '',
    birthDate: toDay(detail.birthDate),
    hireDate: toDay(detail.hireDate),
    referredBy: detail.referredBy ?? '',
    location: detail.location ?? '',
    driverLicenseNo: detail.driverLicenseNo ?? '',
    driverLicenseExpiry: toDay(detail.driverLicenseExpiry),
    emergencyContact: detail.emergencyContact ?? '',
    emergencyPhone: detail.emergencyPhone ?? '',
    notes: detail.notes ?? '',
    uname: detail.uname,
    password: '',
    verifyPassword: '',
  };
}

/** Every profile field, empty ones as null: modify clears what was emptied instead of keeping it. */
function profileOf(values: EmployeeFormValues) {
  return {
    name: values.name?.trim() ?? '',
    roleId: values.roleId as number,
    email: text(values.email),
    phone: text(values.phone),
    birthDate: fromDay(values.birthDate),
    hireDate: fromDay(values.hireDate),
    employeeNo: text(values.employeeNo),
    referredBy: text(values.referredBy),
    location: text(values.location),
    driverLicenseNo: text(values.driverLicenseNo),
    driverLicenseExpiry: fromDay(values.driverLicenseExpiry),
    emergencyContact: text(values.emergencyContact),
    emergencyPhone: text(values.emergencyPhone),
    notes: text(values.notes),
  };
}

export function employeeAddRequest(values: EmployeeFormValues): z.input<typeof ZEmployeeAddRequest> {
  return {
    ...profileOf(values),
    uname: values.uname?.trim() ?? '',
    password: values.password ?? '',
    verifyPassword: values.verifyPassword ?? '',
  };
}

/** Modify sends every field with the version it read; the password only when one was typed. */
export function employeeModifyRequest(
  id: number,
  version: number,
  values: EmployeeFormValues,
): z.input<typeof ZEmployeeModifyRequest> {
  const password = values.password ? { password: values.password, verifyPassword: values.verifyPassword ?? '' } : {};
  return { id, version, ...profileOf(values), uname: values.uname?.trim() ?? '', ...password };
}

// ── Pay rates ─────────────────────────────────────────────────────────────────────────────────

export interface PayRateFormValues {
  payType: PayType;
  /** Dollars as typed in a DecimalInput ('24.50'). */
  rate?: string;
  laborTypeId?: number | null;
  isPaid: boolean;
  effectiveFrom?: Dayjs | null;
  note?: string;
}

/** Dollars text as cents; 0 when it is not an amount (the contract then asks for a rate). */
export function dollarsToCents(value: string | undefined): number {
  return parseMoneyToCents(value ?? '') ?? 0;
}

export const centsToDollars = (cents: number): string => centsToDecimalText(cents);

export function payRateRequest(userIds: number[], values: PayRateFormValues): z.input<typeof ZPayRateAddBatchRequest> {
  return {
    userIds,
    payType: values.payType,
    rateCents: dollarsToCents(values.rate),
    laborTypeId: values.laborTypeId ?? null,
    isPaid: values.isPaid,
    effectiveFrom: fromDay(values.effectiveFrom) ?? '',
    note: values.note?.trim() ?? '',
  };
}

// ── Leave ─────────────────────────────────────────────────────────────────────────────────────

export interface LeaveFormValues {
  kind?: LeaveKind;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  allDay: boolean;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  reason?: string;
}

export function leaveFormValues(leave: Leave): LeaveFormValues {
  return {
    kind: leave.kind,
    startDate: toDay(leave.startDate),
    endDate: toDay(leave.endDate),
    allDay: leave.allDay,
    startTime: leave.startTime ? dayjs(leave.startTime, TIME_FORMAT) : undefined,
    endTime: leave.endTime ? dayjs(leave.endTime, TIME_FORMAT) : undefined,
    reason: leave.reason,
  };
}

export function leaveRequest(values: LeaveFormValues): Omit<z.input<typeof ZLeaveAddRequest>, 'userId'> {
  return {
    kind: values.kind ?? 'personal',
    startDate: fromDay(values.startDate) ?? '',
    endDate: fromDay(values.endDate) ?? '',
    allDay: values.allDay,
    startTime: values.allDay ? null : (values.startTime?.format(TIME_FORMAT) ?? null),
    endTime: values.allDay ? null : (values.endTime?.format(TIME_FORMAT) ?? null),
    reason: values.reason?.trim() ?? '',
  };
}

/**
 * The client's check of the leave rules that span fields (the server checks them again): the end date
 * not before the start; on a single day, the end time after the start time. Returns the message key.
 */
export function leaveRangeProblem(
  values: LeaveFormValues,
): 'validation.endBeforeStart' | 'validation.endTimeNotAfterStart' | null {
  const start = fromDay(values.startDate);
  const end = fromDay(values.endDate);
  if (start && end && end < start) return 'validation.endBeforeStart';
  if (!values.allDay && start && start === end && values.startTime && values.endTime) {
    if (values.endTime.format(TIME_FORMAT) <= values.startTime.format(TIME_FORMAT)) return 'validation.endTimeNotAfterStart';
  }
  return null;
}
