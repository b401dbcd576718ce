import { describe, expect, it } from 'vitest';
import { allowedChannels, DEFAULT_MESSAGE_CHOICES } from './choices';
import {
  formatMessageDate,
  formatMessageWindow,
  isTransactional,
  MESSAGE_EVENTS,
  PLACEHOLDERS,
  placeholdersIn,
  renderTemplate,
  smsParts,
  TRANSACTIONAL_EVENTS,
  unknownPlaceholders,
  ZMessageTemplateUpdateRequest,
} from './templates';

describe('renderTemplate', () => {
  it('fills each placeholder, with or without spaces in the braces, every time it appears', () => {
    const text = 'Hi {{customer}}, see you {{ date }} ({{window}}). Thanks, {{customer}}!';
    expect(renderTemplate(text, { customer: 'Ann Lee', date: 'Fri, Nov 27', window: '9:00–11:00' })).toBe(
      'Hi Ann Lee, see you Fri, Nov 27 (9:00–11:00). Thanks, Ann Lee!',
    );
  });

  it('leaves no braces for a placeholder without a value, and keeps text that only looks like one', () => {
    expect(renderTemplate('Team: {{team}}.', {})).toBe('Team: .');
    expect(renderTemplate('{{ }} {{1}} {x}', { x: 'no' })).toBe('{{ }} {{1}} {x}');
  });

  it('does not read inherited properties as values and does not re-render a value holding braces', () => {
    expect(renderTemplate('{{constructor}}', {})).toBe('');
    expect(renderTemplate('{{customer}}', { customer: '{{amount}}', amount: '$5' })).toBe('{{amount}}');
  });
});

describe('placeholders', () => {
  it('lists the names a text uses once each and the ones an event does not offer', () => {
    expect(placeholdersIn('{{date}} {{ team }} {{date}}')).toEqual(['date', 'team']);
    expect(unknownPlaceholders('paymentReceived', 'Paid {{amount}} for {{window}} by {{colour}}')).toEqual(['window', 'colour']);
    expect(unknownPlaceholders('jobDone', '{{amount}} {{link}} {{team}}')).toEqual([]);
  });

  it('gives every event the customer and business, and only review requests are not transactional', () => {
    for (const event of MESSAGE_EVENTS) expect(PLACEHOLDERS[event]).toContain('customer');
    expect(TRANSACTIONAL_EVENTS).toHaveLength(MESSAGE_EVENTS.length - 1);
    expect(isTransactional('reviewRequest')).toBe(false);
    expect(isTransactional('cardDeclined')).toBe(true);
  });
});

describe('smsParts', () => {
  it('counts 160 plain characters as one part, 161 as two, and Chinese by 70', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('您'.repeat(70))).toBe(1);
    expect(smsParts('您'.repeat(71))).toBe(2);
  });
});

describe('allowedChannels', () => {
  const facts = { ...DEFAULT_MESSAGE_CHOICES, email: 'a@b.co', smsPhone: '(650) 555-0142' };
  it('sends transactional e-mail without consent but texts only with it', () => {
    expect(allowedChannels(facts, true)).toEqual(['email']);
    expect(allowedChannels({ ...facts, consentDate: '2026-11-01' }, true)).toEqual(['email', 'sms']);
  });
  it('stops texts on STOP, and other e-mail on unsubscribe or without consent', () => {
    const consented = { ...facts, consentDate: '2026-11-01' };
    expect(allowedChannels({ ...consented, smsOptedOut: true }, true)).toEqual(['email']);
    expect(allowedChannels({ ...consented, emailOptedOut: true }, false)).toEqual(['sms']);
    expect(allowedChannels({ ...consented, emailOptedOut: true }, true)).toEqual(['email', 'sms']);
    expect(allowedChannels(facts, false)).toEqual([]);
    expect(allowedChannels({ ...consented, email: ' ', smsEnabled: false }, true)).toEqual([]);
  });
});

describe('ZMessageTemplateUpdateRequest', () => {
  it('refuses an empty body and an unknown event', () => {
    expect(ZMessageTemplateUpdateRequest.safeParse({ event: 'jobDone', enabled: true, templates: [] }).success).toBe(true);
    const empty = { event: 'jobDone', enabled: true, templates: [{ id: 1, version: 1, body: '  ' }] };
    expect(ZMessageTemplateUpdateRequest.safeParse(empty).success).toBe(false);
    expect(ZMessageTemplateUpdateRequest.safeParse({ event: 'birthday', enabled: true }).success).toBe(false);
  });
});

describe('message dates and windows', () => {
  it('reads a date and a window as a customer would, in each language', () => {
    expect(formatMessageDate('2026-11-27', 'en')).toBe('Friday, November 27');
    expect(formatMessageDate('2026-11-27', 'zh')).toBe('11月27日 星期五');
    expect(formatMessageWindow(540, 660, 'en')).toBe('9:00 AM-11:00 AM');
    // Plain GSM-7: an English text with a window stays one part.
    expect(smsParts(`Reminder: we clean on Friday, November 27, arriving ${formatMessageWindow(540, 660, 'en')}.`)).toBe(1);
    expect(formatMessageWindow(750, null, 'en')).toBe('12:30 PM');
    expect(formatMessageWindow(780, 900, 'zh')).toBe('13:00–15:00');
    expect(formatMessageWindow(null, 600, 'en')).toBe('');
  });
});
