import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CompletionJob, CompletionList } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** Job Completion: the office clears a field conflict it has looked at (issue 21, F5). */
const DATE = '2026-11-27';

const shell = {
  '/getUserInfo': { data: userInfo() },
  '/sysParam/businessProfile': { data: businessProfile },
  '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: DATE } },
};

const job = (fieldConflict: boolean): CompletionJob => ({
  id: 7,
  version: 1,
  reference: 'J-2611-017',
  status: 'completed',
  team: { id: 1, name: 'Team Sunshine' },
  customer: { id: 5, name: 'Customer 7' },
  address: '12 Palm Ave, San Mateo',
  startTime: '09:00',
  durationMinutes: 60,
  plannedMinutes: 180,
  actualMinutes: 120,
  punchedMinutes: 120,
  tipCents: 0,
  invoiceTotalCents: 15_000,
  paidCents: 0,
  hasSavedCard: false,
  cardQueued: false,
  uncompletedReason: '',
  fieldState: 'inProgress',
  reportedDoneAt: null,
  fieldNote: '',
  fieldConflict,
});

/** The server's list: flagged until the office resolves the conflict. */
function server() {
  let flagged = true;
  const list = (): CompletionList => ({ date: DATE, dayStatus: 'open', list: [job(flagged)] });
  return mockApi({
    ...shell,
    '/officeDay/completionList': () => ({ data: list() }),
    '/field/resolveJobConflict': () => {
      flagged = false;
      return { data: { resolved: 1 } };
    },
  });
}

describe('Job Completion: clearing a field conflict', () => {
  it('asks first, sends the job, and the flag leaves the list (English)', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = server();
    renderApp(`/office/completionconfirmat?date=${DATE}`);
    const resolve = await screen.findByTestId('resolve-conflict-J-2611-017', {}, { timeout: 60_000 });
    expect(resolve.textContent).toBe('Mark resolved');
    fireEvent.click(resolve);
    expect(
      await screen.findByText('Clear the field conflict of job J-2611-017? Do so once you have looked at its time cards.'),
    ).toBeTruthy();
    expect(api.callsTo('/field/resolveJobConflict')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('field-conflict-J-2611-017')).toBeNull(), { timeout: 10_000 });
    expect(api.callsTo('/field/resolveJobConflict').map((c) => c.body)).toEqual([{ jobId: 7 }]);
    expect(await screen.findByText('The field conflict of job J-2611-017 is cleared.')).toBeTruthy();
    expect(screen.queryByTestId('resolve-conflict-J-2611-017')).toBeNull();
  }, 150_000);

  it('in Chinese', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    server();
    renderApp(`/office/completionconfirmat?date=${DATE}`);
    const resolve = await screen.findByTestId('resolve-conflict-J-2611-017', {}, { timeout: 60_000 });
    expect(resolve.textContent).toBe('标记为已处理');
    fireEvent.click(resolve);
    expect(await screen.findByText('清除工单 J-2611-017 的外勤冲突标记？请先查看该工单的考勤卡。')).toBeTruthy();
  }, 150_000);
});
