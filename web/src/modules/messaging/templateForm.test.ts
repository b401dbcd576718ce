import type { MessageTemplate } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { firstUnknownPlaceholder, templatesOf, toUpdateRequest } from './templateForm';

const t = (id: number, channel: 'email' | 'sms', language: 'en' | 'zh'): MessageTemplate => ({
  id,
  version: id,
  event: 'jobDone',
  channel,
  language,
  subject: channel === 'email' ? 'Done' : '',
  body: 'Amount {{amount}}',
  enabled: true,
  updatedAt: null,
  updatedBy: null,
});

describe('the template editor values', () => {
  const templates = templatesOf([t(4, 'sms', 'zh'), t(1, 'email', 'en'), t(3, 'email', 'zh'), t(2, 'sms', 'en')], 'jobDone');

  it('orders an event by language then channel, English first', () => {
    expect(templates.map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });

  it('sends every template with its version, no SMS subject, and an empty link when the event shows no link field', () => {
    const request = toUpdateRequest(
      'jobDone',
      { enabled: false, texts: { '2': { subject: 'ignored', body: 'Paid {{amount}}' } } },
      templates,
    );
    expect(request).toMatchObject({ event: 'jobDone', enabled: false, linkUrl: '' });
    expect(request.templates).toEqual([
      { id: 1, version: 1, subject: 'Done', body: 'Amount {{amount}}' },
      { id: 2, version: 2, subject: '', body: 'Paid {{amount}}' },
      { id: 3, version: 3, subject: 'Done', body: 'Amount {{amount}}' },
      { id: 4, version: 4, subject: '', body: 'Amount {{amount}}' },
    ]);
    expect(toUpdateRequest('jobDone', { enabled: true, linkUrl: ' https://x.example/inv ', texts: {} }, templates).linkUrl).toBe(
      'https://x.example/inv',
    );
  });

  it('names the first placeholder the event does not offer', () => {
    expect(firstUnknownPlaceholder('paymentReceived', 'Hi {{customer}} {{link}} {{x}}')).toBe('{{link}}');
    expect(firstUnknownPlaceholder('jobDone', 'Hi {{ customer }}')).toBeNull();
  });
});
