import { screen, waitFor } from '@testing-library/react';
import type { EmployeeDetail, Leave, SickLeaveBalance } from '@tidyhouse/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { leaveRequest } from '../convert';

const employee = { id: 12, name: 'Rosa Martinez', uname: 'rosa.martinez', skillIds: [], version: 4 } as unknown as EmployeeDetail;

const sickDay: Leave = {
  id: 3,
  userId: 12,
  userName: 'Rosa Martinez',
  startDate: '2026-04-06',
  endDate: '2026-04-06',
  kind: 'sick',
  allDay: true,
  startTime: null,
  endTime: null,
  reason: 'Flu',
  days: 1,
  createdAt: '2026-04-06T16:00:00.000Z',
  createdByName: 'Ada Lovelace',
  version: 1,
};

// The worked example of docs/business-rules.md "Paid sick leave", the day after the sick day.
const balance: SickLeaveBalance = {
  date: '2026-04-06',
  year: 2026,
  method: 'accrual',
  availableMinutes: 560,
  balanceMinutes: 560,
  accruedMinutes: 1040,
  usedMinutes: 480,
  carriedOverMinutes: 0,
  usableFrom: '2026-04-04',
};

function openLeaveTab(locale: 'en' | 'zh', permissions?: string[]) {
  setLocale(locale);
  saveSession('tok', userInfo(permissions ? { permissions } : {}));
  const api = mockApi({
    '/getUserInfo': { data: userInfo(permissions ? { permissions } : {}) },
    '/sysParam/businessProfile': { data: businessProfile },
    '/sysUser/detail': { data: employee },
    '/sysUserLeave/queryList': { data: { list: [sickDay], total: 1 } },
    '/sickLeave/balance': { data: balance },
  });
  renderApp('/employee/employeelist/update?id=12&activeName=Leave');
  return api;
}

const find = (text: string) => screen.findByText(text, {}, { timeout: 15_000 });

describe('Leave tab: paid sick leave', () => {
  it('shows the balance card in English and tags the sick leave in the list', async () => {
    const api = openLeaveTab('en');
    expect(await find('9 h 20 min')).toBeTruthy(); // available
    expect(screen.getByText('17 h 20 min')).toBeTruthy(); // accrued this year
    expect(screen.getByText('8 h 0 min')).toBeTruthy(); // used this year
    expect(screen.getByText('Accrual: 1 hour per 30 hours worked')).toBeTruthy();
    expect(api.callsTo('/sickLeave/balance')[0]!.body).toEqual({ userId: 12 });
    await waitFor(() => expect(screen.getAllByText('Paid sick leave').length).toBeGreaterThanOrEqual(2)); // card title and tag
  });

  it('shows it in Chinese', async () => {
    openLeaveTab('zh');
    expect(await find('9 小时 20 分钟')).toBeTruthy();
    expect(screen.getByText('本年累计')).toBeTruthy();
    expect(screen.getByText('按工时累计：工作时间每满 30 小时得 1 小时')).toBeTruthy();
  });

  it('is not shown, nor asked for, without the wages key', async () => {
    const api = openLeaveTab(
      'en',
      userInfo().permissions.filter((key) => key !== '/employee/wages'),
    );
    expect(await find('Flu')).toBeTruthy();
    expect(screen.queryByTestId('sick-leave-card')).toBeNull();
    expect(api.callsTo('/sickLeave/balance')).toEqual([]);
  });

  it('sends the leave type with the leave (personal when none is chosen)', () => {
    const day = dayjs('2026-04-06');
    expect(leaveRequest({ kind: 'sick', startDate: day, endDate: day, allDay: true, reason: 'Flu' }).kind).toBe('sick');
    expect(leaveRequest({ startDate: day, endDate: day, allDay: true, reason: 'Errand' }).kind).toBe('personal');
  });
});
