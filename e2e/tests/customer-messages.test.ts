import net from 'node:net';
import { addDays, type CustomerMessage, type JobSaved, type ListResponse, todayIn } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin, launchBrowser, loginByForm, newPage, useLocale } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';
import { row, uniquePhone } from './service-support';

/**
 * Customer messages end to end (issue 22), zh and en: a job scheduled for tomorrow, its reminder
 * sent by the worker's scan through the SMS simulator, seen in the simulator's inbox and delivered in
 * the customer's communications log; STOP replied from the simulator stops the customer's texts.
 *
 * Its own server: texts wait through quiet hours (21:00–8:00 in the business zone), so the business
 * is moved to a zone where it is daytime now, and the reminder lead to 48 h so tomorrow's job is due.
 * Without demo data, so the simulator's inbox holds this test's texts only.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
let timeZone: string;
let teamId: number;

const call = async <T>(path: string, body: unknown) => {
  const answer = await apiCall<T>(path, token, body, server.url, 'en');
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.message}`);
  return answer.data;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A zone where it is between 9:00 and 19:00 now (texts go out at once there). */
function daytimeZone(): string {
  const zones = [
    'America/Los_Angeles',
    'America/New_York',
    'Europe/London',
    'Asia/Shanghai',
    'Australia/Sydney',
    'Pacific/Honolulu',
  ];
  const hourIn = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  return zones.find((zone) => hourIn(zone) >= 9 && hourIn(zone) < 19) ?? 'Asia/Tokyo';
}

beforeAll(async () => {
  // No demo data: the simulator's inbox then holds this test's texts only, not a day of demo reminders.
  server = await startServer({ SMS_SIM_PORT: String(await freePort()), SEED_DEMO: 'false' });
  browser = await launchBrowser();
  token = (await apiLogin('admin', server.url)).token;
  timeZone = daytimeZone();
  const { updatedAt: _at, ...profile } = await call<Record<string, unknown>>('/sysParam/profileDetail', {});
  // A business without demo data has an empty profile: its address and phone first (they are required).
  await call('/sysParam/profileModify', {
    ...profile,
    name: 'Maple Cleaning',
    street: '100 Main Street',
    city: 'San Mateo',
    state: 'CA',
    zip: '94401',
    phone: '(650) 555-0100',
    timeZone,
  });
  const params = await call<{ version: number; reviewRequestDays: number }>('/sysParam/messageParams', {});
  await call('/sysParam/messageParamsModify', {
    version: params.version,
    reminderLeadHours: 48,
    reviewRequestDays: params.reviewRequestDays,
  });
  teamId = (await call<{ id: number }>('/ygTeam/add', { name: 'Team Maple', color: '#2f54eb' })).id;
}, 400_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A customer who agreed to messages today, with a job tomorrow at 10:00; its phone as texts go to it. */
async function customerWithJobTomorrow(name: string, language: 'en' | 'zh') {
  const phone = uniquePhone();
  const added = await call<{ id: number; locationId: number }>('/customer/add', {
    name,
    phone1: phone,
    email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
    status: 'active',
    language,
    location: {
      name: 'Home',
      address1: '18 Orchard Way',
      city: 'San Mateo',
      state: 'CA',
      zip: '94401',
      primaryContact: name,
      houseType: 'house',
    },
  });
  await call('/customerMessageChoice/update', {
    customerId: added.id,
    version: null,
    emailEnabled: true,
    smsEnabled: true,
    consentDate: todayIn(timeZone),
    consentSource: 'phone',
    smsOptedOut: false,
    emailOptedOut: false,
  });
  const job = await call<JobSaved>('/job/add', {
    locationId: added.locationId,
    teamId,
    serviceDate: addDays(todayIn(timeZone), 1),
    startTime: '10:00',
  });
  return { customerId: added.id, job, e164: `+1${phone.replace(/\D/g, '')}` };
}

/** Waits (no sleep: polling the state) until the worker's scan sent the reminder and the simulator said delivered. */
async function reminderDelivered(customerId: number) {
  await expect
    .poll(
      async () => {
        const list = await call<ListResponse<CustomerMessage>>('/connectRecord/messageList', {
          customerId,
          pageNum: 1,
          pageSize: 20,
        });
        return list.list.find((m) => m.event === 'jobReminder' && m.channel === 'sms')?.status;
      },
      { timeout: 90_000, interval: 1000 },
    )
    .toBe('delivered');
}

async function officePage(locale: 'en' | 'zh'): Promise<Page> {
  const { context, page } = await newPage(browser, { base: server.url });
  await useLocale(context, locale);
  await loginByForm(page, 'admin');
  await page.waitForURL('**/quick/dashboard');
  return page;
}

const WORDS = {
  en: {
    simulator: 'Text simulator',
    // The seeded reminder text's words (templates/default-texts.ts).
    reminderText: 'Reminder from',
    delivered: 'Delivered',
    communications: /^Communications/,
    reminder: 'Appointment reminder',
    text: 'Text',
    replyFrom: 'Reply from',
    replyText: 'Text',
    send: 'Send reply',
    messagesTab: 'Messages',
    stopped: 'This customer replied STOP: no texts are sent',
    received: 'Received',
  },
  zh: {
    simulator: '短信模拟器',
    reminderText: '提醒：我们将于',
    delivered: '已送达',
    communications: /^沟通记录/,
    reminder: '上门提醒',
    text: '短信',
    replyFrom: '回复号码',
    replyText: '内容',
    send: '发送回复',
    messagesTab: '消息',
    stopped: '该客户已回复 STOP：不再发送短信',
    received: '已收到',
  },
} as const;

async function reminderThenStop(locale: 'en' | 'zh', name: string) {
  const words = WORDS[locale];
  const { customerId, e164 } = await customerWithJobTomorrow(name, locale);
  await reminderDelivered(customerId);
  const page = await officePage(locale);

  // The simulator's inbox: the reminder went to the customer's phone and was delivered.
  await page.goto('/office/messages');
  await page.getByRole('tab', { name: words.simulator }).click();
  // The open tab's rows only (the outbox tab, hidden, lists the same message).
  const inbox = page.getByRole('tabpanel', { name: words.simulator });
  const sent = row(inbox, e164).filter({ hasText: words.reminderText }).filter({ hasText: words.delivered });
  await sent
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      // What the inbox showed instead, for the failure's message.
      throw new Error(`${String(error)}\ninbox: ${(await inbox.textContent())?.slice(0, 1500)}`);
    });

  // The customer's communications log: the reminder by text, delivered, with the text as sent.
  await page.goto(`/customer/customerdetail?id=${customerId}`);
  await page.getByRole('tab', { name: words.communications }).click();
  const log = page.getByTestId('customer-messages');
  const reminder = row(log, words.reminder).filter({ hasText: words.text });
  await reminder.waitFor();
  expect(await reminder.getByTestId('message-status').textContent()).toBe(words.delivered);
  expect(await reminder.textContent()).toContain(words.reminderText);

  // STOP from the phone in the simulator: the customer's texts stop.
  await page.goto('/office/messages');
  await page.getByRole('tab', { name: words.simulator }).click();
  await page.getByLabel(words.replyFrom).fill(e164);
  await page.getByLabel(words.replyText, { exact: true }).fill('STOP');
  await page.getByRole('button', { name: words.send }).click();
  await expect
    .poll(async () => (await call<{ smsOptedOut: boolean }>('/customerMessageChoice/detail', { customerId })).smsOptedOut, {
      timeout: 30_000,
    })
    .toBe(true);
  await page.goto(`/customer/customerdetail?id=${customerId}`);
  await page.getByRole('tab', { name: words.messagesTab, exact: true }).click();
  expect(await page.getByTestId('sms-stopped-tag').textContent()).toBe(words.stopped);
  // And the STOP itself is in the log, received.
  await page.getByRole('tab', { name: words.communications }).click();
  await row(page.getByTestId('customer-messages'), 'STOP').filter({ hasText: words.received }).waitFor();
  await page.context().close();
}

describe('customer messages', () => {
  it('sends the reminder of a job tomorrow and stops texts after STOP (English)', async () => {
    await reminderThenStop('en', 'Maya Brooks');
  }, 300_000);

  it('发送明天工单的上门提醒，回复 STOP 后停止短信（中文）', async () => {
    await reminderThenStop('zh', 'Lin Wei');
  }, 300_000);
});
