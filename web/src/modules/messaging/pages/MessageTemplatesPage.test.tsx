import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageTemplate, MessageTemplateListResponse, MessageTemplatePreviewResponse } from '@tidyhouse/contract';
import { MESSAGE_EVENTS, PLACEHOLDERS, TRANSACTIONAL_EVENTS } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { saveSession } from '@/lib/auth';
import { registerStrings, setLocale } from '@/lib/i18n';
import { type ApiCall, mockApi } from '@/test/api';
import { userInfo } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { strings } from '../strings';
import type { toUpdateRequest } from '../templateForm';
import MessageTemplatesPage from './MessageTemplatesPage';

let nextId = 1;
const template = (
  event: MessageTemplate['event'],
  channel: MessageTemplate['channel'],
  language: MessageTemplate['language'],
): MessageTemplate => ({
  id: nextId++,
  version: 3,
  event,
  channel,
  language,
  subject: channel === 'email' ? `${language} subject of ${event}` : '',
  body: `${language} ${channel} body of ${event} {{customer}}`,
  enabled: true,
  updatedAt: null,
  updatedBy: null,
});

const listAnswer: MessageTemplateListResponse = {
  list: MESSAGE_EVENTS.flatMap((event) =>
    (['email', 'sms'] as const).flatMap((channel) => (['en', 'zh'] as const).map((lang) => template(event, channel, lang))),
  ),
  events: MESSAGE_EVENTS.map((event) => ({
    event,
    enabled: event !== 'reviewRequest',
    transactional: TRANSACTIONAL_EVENTS.includes(event),
    placeholders: [...PLACEHOLDERS[event]],
    linkUrl: '',
  })),
};

const previewAnswer: MessageTemplatePreviewResponse = {
  job: { id: 9, reference: 'J-2611-0042', serviceDate: '2026-11-28', customerName: 'Ann Lee' },
  values: { customerName: 'Ann Lee' },
  previews: [
    { channel: 'email', language: 'en', subject: 'Booked for Saturday', body: 'Hi Ann Lee', smsParts: 0 },
    { channel: 'sms', language: 'en', subject: '', body: 'Booked: Ann Lee', smsParts: 1 },
    { channel: 'email', language: 'zh', subject: '已预约', body: '您好 Ann Lee', smsParts: 0 },
    { channel: 'sms', language: 'zh', subject: '', body: '已预约 Ann Lee', smsParts: 1 },
  ],
};

function setUp(permissions: string[] = ['/sys/messagetemplate', 'messageTemplate:edit']) {
  setLocale('en');
  registerStrings(strings);
  saveSession('tok', userInfo({ permissions }));
  return mockApi({
    '/messageTemplate/queryList': { data: listAnswer },
    '/messageTemplate/update': (call: ApiCall) => ({
      data: { list: listAnswer.list.filter((x) => x.event === (call.body as { event: string }).event) },
    }),
    '/messageTemplate/preview': { data: previewAnswer },
  });
}

describe('Message Templates screen', () => {
  it('refuses a placeholder the event does not offer under the field, sending nothing', async () => {
    const api = setUp();
    renderWithProviders(<MessageTemplatesPage />);
    const sms = (await screen.findByTestId('sms-body-en', {}, { timeout: 15_000 })) as HTMLTextAreaElement;
    await waitFor(() => expect(sms.value).toContain('sms body of jobConfirmation'));
    fireEvent.change(sms, { target: { value: 'Booked {{amount}}' } });
    fireEvent.click(screen.getByTestId('save-templates'));
    expect(await screen.findByText('{{amount}} is not a placeholder of this message', {}, { timeout: 5_000 })).toBeTruthy();
    expect(api.callsTo('/messageTemplate/update')).toHaveLength(0);
  });

  it('saves the event with every template and the versions read, and previews the unsaved texts', async () => {
    const api = setUp();
    renderWithProviders(<MessageTemplatesPage />);
    fireEvent.click(await screen.findByTestId('event-jobReminder', {}, { timeout: 15_000 }));
    const sms = (await screen.findByTestId('sms-body-en')) as HTMLTextAreaElement;
    await waitFor(() => expect(sms.value).toContain('sms body of jobReminder'));
    fireEvent.change(sms, { target: { value: 'See you {{date}}, {{customer}}' } });
    fireEvent.click(screen.getByTestId('preview-run'));
    await waitFor(() => expect(api.callsTo('/messageTemplate/preview')).toHaveLength(1));
    const sent = api.callsTo('/messageTemplate/preview')[0]!.body as { event: string; templates: { body: string }[] };
    expect(sent.event).toBe('jobReminder');
    expect(sent.templates.map((x) => x.body)).toContain('See you {{date}}, {{customer}}');
    expect(await screen.findByText('Booked: Ann Lee')).toBeTruthy();
    expect(screen.getByTestId('preview-job-used').textContent).toContain('J-2611-0042');
    expect(within(screen.getByTestId('preview-sms-en')).getByText('1 text')).toBeTruthy();

    fireEvent.click(screen.getByTestId('save-templates'));
    await waitFor(() => expect(api.callsTo('/messageTemplate/update')).toHaveLength(1), { timeout: 5_000 });
    const saved = api.callsTo('/messageTemplate/update')[0]!.body as ReturnType<typeof toUpdateRequest>;
    expect(saved).toMatchObject({ event: 'jobReminder', enabled: true, linkUrl: '' });
    expect(saved.templates).toHaveLength(4);
    expect(saved.templates.every((x) => x.version === 3)).toBe(true);
    expect(saved.templates.find((x) => x.body.startsWith('See you'))?.subject).toBe('');
  });

  it('lets a role without the edit key read but not save', async () => {
    setUp(['/sys/messagetemplate']);
    renderWithProviders(<MessageTemplatesPage />);
    const sms = (await screen.findByTestId('sms-body-en', {}, { timeout: 15_000 })) as HTMLTextAreaElement;
    await waitFor(() => expect(sms.value).toContain('sms body of jobConfirmation'));
    expect(screen.queryByTestId('save-templates')).toBeNull();
    expect((screen.getByTestId('sms-body-en') as HTMLTextAreaElement).readOnly).toBe(true);
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    setLocale('en');
    registerStrings(strings);
    saveSession('tok', userInfo());
    mockApi({ '/messageTemplate/queryList': { code: 50000, message: 'boom' } });
    renderWithProviders(<MessageTemplatesPage />);
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 15_000 })).toBeTruthy();
  });
});
