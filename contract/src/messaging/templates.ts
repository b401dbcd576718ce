import { z } from 'zod';
import { LOCALES } from '../constants';
import { ZRecordId, ZVersion } from '../ids';

/**
 * Customer messages (issue 22): the events that send them, their channels, the placeholders each
 * event's templates may use and the one renderer both sides share (docs/business-rules.md
 * "Customer messages").
 */
export const MESSAGE_EVENTS = [
  'jobConfirmation',
  'jobReminder',
  'onTheWay',
  'jobDone',
  'paymentReceived',
  'cardDeclined',
  'reviewRequest',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Messages about a service the customer has or a payment they made: sent without marketing consent. */
export const TRANSACTIONAL_EVENTS: readonly MessageEvent[] = MESSAGE_EVENTS.filter((event) => event !== 'reviewRequest');
export const isTransactional = (event: MessageEvent): boolean => TRANSACTIONAL_EVENTS.includes(event);

/** Every placeholder any template may use, in the order the screen lists them. */
export const PLACEHOLDER_NAMES = [
  'customer',
  'business',
  'phone',
  'date',
  'window',
  'team',
  'address',
  'amount',
  'link',
] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

/** One word each, as the office reads them: `{{customer}}` the customer's name, `{{phone}}` the business's. */
const EVERY_EVENT = ['customer', 'business', 'phone'] as const;
const VISIT = ['date', 'window', 'team', 'address'] as const;

/**
 * The placeholders each event's templates may use; any other one is refused when saved (10001).
 * `{{link}}` opens the event's page (the invoices, the card update page, the review page).
 */
export const PLACEHOLDERS: Readonly<Record<MessageEvent, readonly PlaceholderName[]>> = {
  jobConfirmation: [...EVERY_EVENT, ...VISIT],
  jobReminder: [...EVERY_EVENT, ...VISIT],
  onTheWay: [...EVERY_EVENT, ...VISIT],
  jobDone: [...EVERY_EVENT, ...VISIT, 'amount', 'link'],
  paymentReceived: [...EVERY_EVENT, 'date', 'amount'],
  cardDeclined: [...EVERY_EVENT, 'date', 'amount', 'link'],
  reviewRequest: [...EVERY_EVENT, 'date', 'team', 'link'],
};

export type PlaceholderValues = Partial<Record<string, string>>;

/** `{{name}}`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The placeholder names a text uses, each once, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1]!))];
}

/** The placeholders of a text that the event does not offer. */
export function unknownPlaceholders(event: MessageEvent, text: string): string[] {
  const allowed: readonly string[] = PLACEHOLDERS[event];
  return placeholdersIn(text).filter((name) => !allowed.includes(name));
}

/**
 * Fills `{{name}}` with its value. Pure: a placeholder without a value becomes empty text (a job
 * without a team yet), so a customer never reads braces; text that only looks like one (`{{ }}`,
 * `{{1}}`) is left as written.
 */
export function renderTemplate(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : ''));
}

/** One SMS segment of plain text (GSM-7); a longer text is sent as several parts. */
export const SMS_SEGMENT_CHARS = 160;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 4000;
export const TEMPLATE_SMS_MAX = 640;

export const ZMessageEvent = z.enum(MESSAGE_EVENTS);
export const ZMessageChannel = z.enum(MESSAGE_CHANNELS);

export const ZMessageTemplate = z.object({
  id: z.number().int(),
  version: z.number().int(),
  event: ZMessageEvent,
  channel: ZMessageChannel,
  language: z.enum(LOCALES),
  /** E-mail only; empty for SMS. */
  subject: z.string(),
  body: z.string(),
  /** On/off of the template's event (the same on every template of one event). */
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof ZMessageTemplate>;

export const ZMessageTemplateListRequest = z.object({
  event: ZMessageEvent.optional(),
  language: z.enum(LOCALES).optional(),
});
export type MessageTemplateListRequest = z.infer<typeof ZMessageTemplateListRequest>;

export const ZMessageEventSetting = z.object({
  event: ZMessageEvent,
  enabled: z.boolean(),
  transactional: z.boolean(),
  placeholders: z.array(z.enum(PLACEHOLDER_NAMES)),
  /** The page the event's link placeholder opens (review page, card update page, invoices). */
  linkUrl: z.string(),
});
export type MessageEventSetting = z.infer<typeof ZMessageEventSetting>;

export const ZMessageTemplateListResponse = z.object({
  list: z.array(ZMessageTemplate),
  events: z.array(ZMessageEventSetting),
});
export type MessageTemplateListResponse = z.infer<typeof ZMessageTemplateListResponse>;

const templateTexts = {
  subject: z.string().trim().max(TEMPLATE_SUBJECT_MAX).default(''),
  body: z.string().trim().min(1).max(TEMPLATE_BODY_MAX),
};

/** A link placeholder's page: http(s), or empty. */
export const ZMessageLinkUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'rule.url' });

/** One event edited at once: its on/off, its link and any of its templates (each with the version it read). */
export const ZMessageTemplateUpdateRequest = z.object({
  event: ZMessageEvent,
  enabled: z.boolean(),
  linkUrl: ZMessageLinkUrl.default(''),
  templates: z
    .array(z.object({ id: ZRecordId, version: ZVersion, ...templateTexts }))
    .max(MESSAGE_CHANNELS.length * LOCALES.length)
    .default([]),
});
export type MessageTemplateUpdateRequest = z.infer<typeof ZMessageTemplateUpdateRequest>;

export const ZMessageTemplateUpdateResponse = z.object({ list: z.array(ZMessageTemplate) });

/** A preview of an event's templates with a real job: the one picked, or the next scheduled one. */
export const ZMessageTemplatePreviewRequest = z.object({
  event: ZMessageEvent,
  jobId: ZRecordId.optional(),
  /** The job by its reference (J-2611-0042), as the office reads it. */
  jobReference: z.string().trim().max(20).optional(),
  /** Texts not saved yet (the screen's editor), by the saved template's id; others: as saved. */
  templates: z
    .array(z.object({ id: ZRecordId, ...templateTexts }))
    .max(MESSAGE_CHANNELS.length * LOCALES.length)
    .optional(),
  /** The link not saved yet; absent: the saved one. */
  linkUrl: ZMessageLinkUrl.optional(),
});
export type MessageTemplatePreviewRequest = z.infer<typeof ZMessageTemplatePreviewRequest>;

export const ZMessagePreview = z.object({
  channel: ZMessageChannel,
  language: z.enum(LOCALES),
  subject: z.string(),
  body: z.string(),
  /** SMS: the parts it is sent in (160 characters each, 70 with Chinese); e-mail: 0. */
  smsParts: z.number().int(),
});
export type MessagePreview = z.infer<typeof ZMessagePreview>;

export const ZMessageTemplatePreviewResponse = z.object({
  /** The job the values came from; null when there is no job to use (sample values). */
  job: z.object({ id: z.number().int(), reference: z.string(), serviceDate: z.string(), customerName: z.string() }).nullable(),
  values: z.record(z.string(), z.string()),
  previews: z.array(ZMessagePreview),
});
export type MessageTemplatePreviewResponse = z.infer<typeof ZMessageTemplatePreviewResponse>;

/** The parts an SMS is sent in: 160 characters each in GSM-7, 70 when it holds other characters (Chinese). */
export function smsParts(text: string): number {
  if (!text) return 0;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the GSM-7 test is a byte range
  const gsm = /^[\u000a\u000d\u0020-\u007e£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€]*$/.test(text);
  const single = gsm ? SMS_SEGMENT_CHARS : 70;
  const multi = gsm ? 153 : 67;
  const length = Array.from(text).length;
  return length <= single ? 1 : Math.ceil(length / multi);
}

/** A service date as a customer reads it: "Friday, November 27" / "11月27日 星期五". */
export function formatMessageDate(date: string, language: 'en' | 'zh'): string {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y!, m! - 1, d!));
  if (language === 'zh') {
    const weekday = new Intl.DateTimeFormat('zh-CN', { weekday: 'long', timeZone: 'UTC' }).format(at);
    return `${m}月${d}日 ${weekday}`;
  }
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(at);
}

/** A local wall-clock time, minutes from midnight: "9:30 AM" / "9:30". */
export function formatMessageTime(minutes: number, language: 'en' | 'zh'): string {
  const h = Math.floor(minutes / 60) % 24;
  const mm = String(minutes % 60).padStart(2, '0');
  if (language === 'zh') return `${h}:${mm}`;
  return `${h % 12 === 0 ? 12 : h % 12}:${mm} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The arrival window: "9:00 AM-11:00 AM" / "9:00–11:00"; a start alone when there is no end. English
 * keeps a plain hyphen: an en dash is not in the SMS alphabet (GSM-7) and would make a text cost 70
 * characters a part instead of 160.
 */
export function formatMessageWindow(start: number | null, end: number | null, language: 'en' | 'zh'): string {
  if (start === null) return '';
  if (end === null || end <= start) return formatMessageTime(start, language);
  return `${formatMessageTime(start, language)}${language === 'en' ? '-' : '–'}${formatMessageTime(end, language)}`;
}
