import type { MessageTemplate, MessageTemplateListResponse } from '@tidyhouse/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, launchBrowser, toast, unique } from '../support/browser';
import { adminPage, adminToken } from './service-support';

/** Message Templates (issue 22): edit a template, see the editor refuse an unknown placeholder, preview it with a real job, save; zh and en. */
let browser: Browser;
let token: string;
let original: MessageTemplate[];

const reminders = async () =>
  (await apiCall<MessageTemplateListResponse>('/messageTemplate/queryList', token, { event: 'jobReminder' })).data.list;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  original = await reminders();
});
afterAll(async () => {
  // Put the reminder's texts back: other browser tests read the seeded wording.
  const current = await reminders();
  await apiCall('/messageTemplate/update', token, {
    event: 'jobReminder',
    enabled: true,
    templates: current.map((x) => {
      const was = original.find((o) => o.id === x.id)!;
      return { id: x.id, version: x.version, subject: was.subject, body: was.body };
    }),
  });
  await browser.close();
});

async function editAndPreview(
  page: Page,
  language: 'en' | 'zh',
  texts: { event: string; tab: string; saved: string; unknown: string },
) {
  await page.getByTestId(`event-jobReminder`).filter({ hasText: texts.event }).click();
  await page.getByRole('tab', { name: texts.tab }).click();
  const sms = page.getByTestId(`sms-body-${language}`);
  await expect.poll(() => sms.inputValue()).toContain('{{business}}');

  // A placeholder the reminder does not offer: refused under the field, nothing saved.
  await sms.fill('{{amount}}');
  await page.getByTestId('save-templates').click();
  await page.getByText(texts.unknown).waitFor();

  const marker = unique();
  await sms.fill(`R${marker} {{customer}} {{date}} {{window}}`);
  await page.getByTestId('preview-run').click();
  const preview = page.getByTestId(`preview-sms-${language}`);
  await preview.filter({ hasText: `R${marker}` }).waitFor();
  const rendered = (await preview.textContent()) ?? '';
  expect(rendered).not.toContain('{{');
  expect(await page.getByTestId('preview-job-used').textContent()).toMatch(/J-\d{4}-\d{4}/);

  await page.getByTestId('save-templates').click();
  await toast(page, texts.saved).waitFor();
  const saved = (await reminders()).find((x) => x.channel === 'sms' && x.language === language)!;
  expect(saved.body).toBe(`R${marker} {{customer}} {{date}} {{window}}`);
  return rendered;
}

describe('message templates', () => {
  it('edits the English reminder text and previews it with the next scheduled job', async () => {
    const { context, page } = await adminPage(browser, 'en', '/sys/messagetemplate');
    const rendered = await editAndPreview(page, 'en', {
      event: 'Reminder before the visit',
      tab: 'English',
      saved: 'Templates saved',
      unknown: '{{amount}} is not a placeholder of this message',
    });
    // The window as an English customer reads it.
    expect(rendered).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
    await context.close();
  }, 240_000);

  it('edits the Chinese reminder text and previews it in Chinese', async () => {
    const { context, page } = await adminPage(browser, 'zh', '/sys/messagetemplate');
    const rendered = await editAndPreview(page, 'zh', {
      event: '上门前提醒',
      tab: '中文',
      saved: '模板已保存',
      unknown: '{{amount}} 不是此消息的占位符',
    });
    expect(rendered).toMatch(/\d+月\d+日 星期/);
    await context.close();
  }, 240_000);
});
