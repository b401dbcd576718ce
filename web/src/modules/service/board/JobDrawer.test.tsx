import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardDay, BoardJob, JobDetail } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { setLocale } from '@/lib/i18n';
import { mockApi } from '@/test/api';
import { businessProfile, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render';

/** The schedule board's job drawer (issue 20): opened from a block, its facts, its moves and actions. */
const DATE = '2026-12-02';

const team = (id: number, name: string) => ({
  id,
  name,
  color: '#1677ff',
  textColor: '#ffffff',
  defaultZoneId: null,
  members: [{ userId: id * 10, name: `Cleaner ${id}`, leader: true, clockedIn: false }],
  onLeave: [],
  outage: null,
  cleanMinutes: 120,
  revenueCents: 15_000,
});

const boardJob: BoardJob = {
  id: 61,
  version: 4,
  reference: 'J-2612-0061',
  status: 'scheduled',
  teamId: 1,
  serviceDate: DATE,
  startMinutes: 9 * 60,
  durationMinutes: 120,
  length: { personMinutes: 120, members: 1, wallMinutes: 120 },
  customerId: 5,
  customerName: 'Rosa Diaz',
  city: 'San Mateo',
  zip: '94401',
  zone: null,
  customerAtHome: false,
  keyNeeded: false,
  reclean: false,
  windowStartMinutes: 9 * 60,
  windowEndMinutes: 11 * 60,
  preferredTeamId: null,
  revenueCents: 15_000,
  driveTenthMiles: null,
  driveMinutes: null,
  driveShort: false,
  fieldState: 'notStarted',
  lateToArrive: false,
  fieldConflict: false,
};

const dayWith = (job: BoardJob, stamp: string): BoardDay => ({
  date: DATE,
  today: '2026-11-24',
  timeZone: 'America/Los_Angeles',
  openingMinutes: 7 * 60,
  closingMinutes: 19 * 60,
  slotMinutes: 15,
  goals: { dailyCleanMinutesGoal: 360, dailyRevenueGoalCents: 60_000 },
  stamp,
  teams: [team(1, 'Team Sunshine'), team(2, 'Team Coral')],
  jobs: job.status === 'unscheduled' ? [] : [job],
  tasks: [],
  unassigned: job.status === 'unscheduled' ? [job] : [],
  conflicts: [],
});

const costing = {
  revenueCents: 15_000,
  discountsCents: 0,
  subtotalCents: 15_000,
  taxableCents: 0,
  taxesCents: 0,
  salesTaxBps: 0,
  projectedLaborCents: null,
  invoiceTotalCents: 15_000,
  profitLossCents: null,
};

function detailOf(job: BoardJob): JobDetail {
  const teamRef =
    job.teamId === null ? null : { id: job.teamId, name: job.teamId === 1 ? 'Team Sunshine' : 'Team Coral', color: '#1677ff' };
  return {
    job: {
      id: job.id,
      reference: job.reference,
      status: job.status,
      frequency: 'weekly',
      customer: { id: 5, name: 'Rosa Diaz', phone: '(650) 555-0142' },
      location: { id: 9, name: 'Home', address1: '12 Palm Ave', address2: '', city: 'San Mateo', state: 'CA', zip: '94401' },
      zone: null,
      team: teamRef,
      preferredTeam: null,
      windowStart: '09:00',
      windowEnd: '11:00',
      serviceDate: job.serviceDate,
      startTime: job.startMinutes === null ? null : `${String(job.startMinutes / 60).padStart(2, '0')}:00`,
      durationMinutes: 120,
      length: { personMinutes: 240, members: 2, wallMinutes: 120 },
      quotedMinutes: 240,
      actualMinutes: null,
      uncompletedReason: '',
      cancelReason: null,
      cancelNote: '',
      cancelFeeCents: 0,
      recleanOf: null,
      recleans: [],
      recleanReason: '',
      customerAtHome: false,
      assignee: null,
      drivingDistanceTenthMiles: null,
      pricePerMinuteCents: 100,
      flatRateCents: null,
      couponCode: '',
      couponCents: 0,
      discountCents: 0,
      maxDiscountCents: 0,
      maxDiscountBps: 0,
      notes: 'Dog in the yard; gate code at the office.',
      planId: null,
      occurrenceDate: null,
      movedByHand: false,
      editedByHand: false,
      quoteId: null,
      pricingDate: DATE,
      costing,
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
      version: job.version,
    },
    lines: [],
    labor: [],
    payments: [],
    paidCents: 0,
    images: [],
    reminders: [],
    changes: [],
    invoices: [],
    messages: [],
    allowedTransitions: job.status === 'scheduled' ? ['completed', 'uncompleted', 'cancelled'] : [],
  };
}

/** A fake server holding the one job: the board, its stamp, the detail, the board's move and the status change. */
function server(conflicts: BoardDay['conflicts'] = []) {
  let job = boardJob;
  let stamp = 1;
  const api = mockApi({
    '/getUserInfo': { data: userInfo() },
    '/sysParam/businessProfile': { data: businessProfile },
    '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: '2026-11-24' } },
    '/jhSchedule/queryBoard': () => ({ data: { ...dayWith(job, `s${stamp}`), conflicts } }),
    '/jhSchedule/boardStamp': () => ({ data: { date: DATE, stamp: `s${stamp}` } }),
    '/job/detail': () => ({ data: detailOf(job) }),
    '/jhSchedule/moveJob': (call) => {
      const body = call.body as { teamId: number; date: string; startTime: string };
      const [h, m] = body.startTime.split(':').map(Number);
      job = { ...job, version: job.version + 1, teamId: body.teamId, serviceDate: body.date, startMinutes: h! * 60 + m! };
      stamp += 1;
      return { data: { ...job, warnings: [] } };
    },
    '/job/updateState': (call) => {
      job = { ...job, version: job.version + 1, status: (call.body as { status: BoardJob['status'] }).status };
      stamp += 1;
      return { data: { id: job.id, version: job.version, reference: job.reference } };
    },
  });
  return api;
}

const drawer = () => screen.findByTestId('job-drawer', {}, { timeout: 30_000 });
const block = () => screen.findByTestId('job-J-2612-0061', {}, { timeout: 60_000 });

describe('Schedule board: the job drawer', () => {
  it('opens on a click with the job’s facts; reassigning there moves it on the board at once (English)', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = server();
    const { router } = renderApp(`/service/schedule?date=${DATE}`);
    fireEvent.click(await block());
    const panel = await drawer();
    await within(panel).findByText('Rosa Diaz', {}, { timeout: 30_000 });
    const facts = within(panel).getByTestId('job-drawer-facts');
    expect(within(facts).getByText('Scheduled')).toBeTruthy();
    expect(within(facts).getByText('(650) 555-0142').closest('a')?.getAttribute('href')).toBe('tel:(650) 555-0142');
    expect(within(facts).getByText('12 Palm Ave, San Mateo, CA, 94401')).toBeTruthy();
    expect(within(facts).getByText('Team Sunshine')).toBeTruthy();
    expect(within(facts).getByText('09:00–11:00')).toBeTruthy();
    expect(within(facts).getByText('$150.00')).toBeTruthy();
    expect(within(facts).getByText('Dog in the yard; gate code at the office.')).toBeTruthy();
    expect(within(panel).getByText('No photo')).toBeTruthy();
    expect(within(panel).getByText('Open the full job').closest('a')?.getAttribute('href')).toBe('/service/workdeatil?id=61');
    expect(router.state.location.search).toContain('job=61');
    // The status actions are the Job Detail's; scheduling is the drawer's move.
    expect(within(panel).getByRole('button', { name: 'Cancel job' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Complete' })).toBeTruthy();

    const teamItem = within(panel).getByText('Team', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    fireEvent.mouseDown(teamItem.querySelector('input')!);
    const dropdown = await waitFor(() => document.querySelector('.ant-select-dropdown') as HTMLElement);
    fireEvent.click(await within(dropdown).findByText('Team Coral'));
    fireEvent.click(within(panel).getByTestId('job-drawer-submit'));
    await waitFor(() => expect(api.callsTo('/jhSchedule/moveJob')).toHaveLength(1));
    expect(api.callsTo('/jhSchedule/moveJob')[0]!.body).toEqual({
      id: 61,
      version: 4,
      teamId: 2,
      date: DATE,
      startTime: '09:00',
    });
    await waitFor(() => expect(within(screen.getByTestId('lane-2')).getByTestId('job-J-2612-0061')).toBeTruthy());
    expect(await screen.findByText('J-2612-0061 is now on 2026-12-02 at 09:00.')).toBeTruthy();
    // The drawer reads the job again: its next write carries the new version.
    await waitFor(() => expect(api.callsTo('/job/detail').length).toBeGreaterThanOrEqual(2));
  }, 150_000);

  it('opens with Enter on a focused block; its status action re-draws the board without waiting for the poll', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const api = server();
    renderApp(`/service/schedule?date=${DATE}`);
    const target = await block();
    expect(target.getAttribute('tabindex')).toBe('0');
    target.focus();
    fireEvent.keyDown(target, { key: 'Enter', code: 'Enter' });
    const panel = await drawer();
    const boardReads = api.callsTo('/jhSchedule/queryBoard').length;
    // Confirming the job done: the Job Detail's own dialog, its answer re-reads the board at once.
    fireEvent.click(await within(panel).findByRole('button', { name: 'Complete' }, { timeout: 30_000 }));
    const dialog = (await screen.findByText('Complete J-2612-0061')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(api.callsTo('/job/updateState')).toHaveLength(1));
    expect(api.callsTo('/job/updateState')[0]!.body).toEqual({ id: 61, version: 4, status: 'completed', actualMinutes: 240 });
    await waitFor(() => expect(api.callsTo('/jhSchedule/queryBoard').length).toBeGreaterThan(boardReads));
    await waitFor(() => expect(screen.getByTestId('job-J-2612-0061').getAttribute('data-status')).toBe('completed'));
    // A completed job can no longer be moved: the drawer no longer offers it.
    await waitFor(() => expect(within(panel).queryByTestId('job-drawer-move')).toBeNull());
  }, 150_000);

  it('speaks Chinese, and closes back to the board', async () => {
    setLocale('zh');
    saveSession('tok', userInfo());
    server();
    const { router } = renderApp(`/service/schedule?date=${DATE}&job=61`);
    const panel = await drawer();
    await within(panel).findByText('联系方式', {}, { timeout: 30_000 });
    for (const text of ['到达时间窗', '价格', '备注', '照片', '改期或改派', '打开完整工单', '已排期']) {
      expect(within(panel).getAllByText(text).length).toBeGreaterThan(0);
    }
    fireEvent.click(within(panel.closest('.ant-drawer') as HTMLElement).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(router.state.location.search).not.toContain('job='));
  }, 150_000);

  it("marks a block in one of the day's conflicts and lists the conflict in its drawer", async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const message = 'Carmen Torres of Team Sunshine is on leave 12:00–16:00 during J-2612-0061 (09:00–11:00).';
    server([{ kind: 'memberOnLeave', key: 'memberOnLeave:10:61', date: DATE, teamId: 1, jobIds: [61], userId: 10, message }]);
    renderApp(`/service/schedule?date=${DATE}`);
    const target = await block();
    expect(target.getAttribute('data-conflict')).toBe('true');
    expect(within(target).getByRole('img', { name: `Schedule conflict: ${message}` })).toBeTruthy();
    fireEvent.click(target);
    const listed = await within(await drawer()).findByTestId('job-drawer-conflicts', {}, { timeout: 30_000 });
    expect(within(listed).getByText('Conflicts of this job')).toBeTruthy();
    expect(within(listed).getByText(message)).toBeTruthy();
  }, 150_000);

  it('says when the job cannot be loaded, with a retry', async () => {
    setLocale('en');
    saveSession('tok', userInfo());
    const failing = mockApi({
      '/getUserInfo': { data: userInfo() },
      '/sysParam/businessProfile': { data: businessProfile },
      '/sysParam/quoteSettings': { data: { timeZone: 'America/Los_Angeles', today: '2026-11-24' } },
      '/jhSchedule/queryBoard': { data: dayWith(boardJob, 's1') },
      '/jhSchedule/boardStamp': { data: { date: DATE, stamp: 's1' } },
      '/job/detail': { code: 50000, message: '' },
    });
    renderApp(`/service/schedule?date=${DATE}&job=61`);
    const panel = await drawer();
    expect(await within(panel).findByText('The job could not be loaded.', {}, { timeout: 30_000 })).toBeTruthy();
    expect(failing.callsTo('/job/detail').length).toBeGreaterThan(0);
  }, 150_000);
});
