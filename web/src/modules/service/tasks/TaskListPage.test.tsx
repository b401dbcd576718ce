import { screen } from '@testing-library/react';
import type { TaskListItem } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const task: TaskListItem = {
  id: 5,
  reference: 'T-2611-0005',
  name: 'Vehicle check',
  frequency: 'monthly',
  intervalWeeks: null,
  rrule: 'FREQ=MONTHLY;BYDAY=+2TU',
  status: 'active',
  teams: [{ id: 2, name: 'Blue team', color: '#1677ff' }],
  startDate: '2026-12-08',
  startTime: '16:00',
  durationMinutes: 30,
  endDate: null,
  nextDate: '2026-12-08',
  createdAt: '2026-11-23T10:00:00Z',
  version: 1,
};

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
  '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: '2026-11-23' } },
  '/customer/options': {
    data: { teams: [{ id: 2, name: 'Blue team', color: '#1677ff' }], employees: [], zones: [], channels: [] },
  },
};

describe('Task List', () => {
  // The add form's spec messages are checked in a real browser, in both languages (e2e/tests/service-tasks.test.ts).
  it('lists tasks with their pattern in words, in Chinese', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    const api = mockApi({ ...shell, '/task/queryList': { data: { list: [task], total: 1 } } });
    renderApp('/service/tasklist');
    expect(await screen.findByText('Vehicle check', {}, { timeout: 60_000 })).toBeTruthy();
    expect(screen.getByText('每月第二个周二')).toBeTruthy();
    expect(screen.getByText('16:00 · 30 分钟')).toBeTruthy();
    // No empty filters are sent.
    expect(api.callsTo('/task/queryList')[0]?.body).toEqual({ pageNum: 1, pageSize: 20 });
  }, 150_000);

  it("shows the server's message when the role may not see the list (10003)", async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    mockApi({ ...shell, '/task/queryList': { code: 10003, message: 'Your role may not open the Task List' } });
    renderApp('/service/tasklist');
    expect(await screen.findByText('Your role may not open the Task List', {}, { timeout: 60_000 })).toBeTruthy();
  }, 150_000);
});
