import { screen, within } from '@testing-library/react';
import type { AssignmentDay } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const member = (userId: number, name: string, standingTeamId: number | null, leader = false) => ({
  userId,
  name,
  leader,
  standingTeamId,
  partLeave: [],
});

const day: AssignmentDay = {
  stamp: 's1',
  serviceDate: '2026-11-24',
  version: 3,
  stored: true,
  previousWorkingDay: '2026-11-23',
  teams: [
    {
      id: 2,
      name: 'Team Ocean',
      color: '#1677ff',
      textColor: '#ffffff',
      outReason: null,
      members: [member(11, 'Grace Huang', 2, true), member(12, 'Hong Liu', null)],
    },
    { id: 3, name: 'Team Coral', color: '#ff7a45', textColor: '#ffffff', outReason: 'Van in the shop', members: [] },
  ],
  unassigned: [{ ...member(13, 'Elena Castillo', 4), partLeave: [{ startTime: '13:00', endTime: '17:00' }] }],
  unavailable: [{ userId: 14, name: 'Mei Lin', reason: 'leave', note: 'Vacation', standingTeamId: 2 }],
};

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
  '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: '2026-11-24' } },
};

describe('Employee Daily Assignments', () => {
  // Dragging and the form's calls are exercised against the real server (e2e/tests/service-assignments.test.ts).
  it("shows the day's teams, the cover, the pool and who cannot be assigned, in English", async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = mockApi({ ...shell, '/jhSchedule/queryAssignments': { data: day } });
    renderApp('/employee/dailyallocation');
    const ocean = await screen.findByTestId('assign-team-2', {}, { timeout: 60_000 });
    expect(within(ocean).getByTestId('assign-member-11').textContent).toContain('Grace Huang');
    expect(within(ocean).getByLabelText('Leader of the day of Team Ocean')).toBeTruthy();
    expect(within(ocean).getByText('Covering (usually in no team)')).toBeTruthy();
    expect(within(screen.getByTestId('assign-team-3')).getByText('Out of service: Van in the shop')).toBeTruthy();
    expect(within(screen.getByTestId('assign-team-3')).getByText('No members this day: drop an employee here.')).toBeTruthy();
    const pool = screen.getByTestId('assign-pool');
    expect(within(pool).getByText('Elena Castillo')).toBeTruthy();
    expect(within(pool).getByText('Leave 13:00–17:00')).toBeTruthy();
    expect(within(screen.getByTestId('assign-unavailable')).getByText('On leave: Vacation')).toBeTruthy();
    expect(screen.getByText('This day has its own assignments.')).toBeTruthy();
    expect(api.callsTo('/jhSchedule/queryAssignments')[0]?.body).toEqual({ serviceDate: '2026-11-24' });
  }, 150_000);

  it('says when the day cannot be loaded, in Chinese', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    mockApi({ ...shell, '/jhSchedule/queryAssignments': { code: 50000, message: '' } });
    renderApp('/quick/dailyallocation');
    expect(await screen.findByText('无法加载当天的分配。', {}, { timeout: 60_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
  }, 150_000);
});
