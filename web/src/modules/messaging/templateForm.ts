import {
  type Locale,
  type MessageChannel,
  type MessageEvent,
  type MessageEventSetting,
  type MessageTemplate,
  type MessageTemplateUpdateRequest,
  unknownPlaceholders,
} from '@tidyhouse/contract';

/** The editor's values of one event: its on/off, its link and each template's texts by id. */
export interface EventFormValues {
  enabled: boolean;
  /** Absent from a submit when the event has no link field. */
  linkUrl?: string;
  texts: Record<string, { subject: string; body: string }>;
}

export const LANGUAGE_ORDER: readonly Locale[] = ['en', 'zh'];
export const CHANNEL_ORDER: readonly MessageChannel[] = ['email', 'sms'];

/** The placeholder as it is written in a template. */
export const placeholderText = (name: string) => `{{${name}}}`;

/** The events whose templates may hold `{{link}}`: their link field shows. */
export const LINK_EVENTS = ['jobDone', 'cardDeclined', 'reviewRequest'] as const satisfies readonly MessageEvent[];
export type LinkEvent = (typeof LINK_EVENTS)[number];
export const hasLink = (event: MessageEvent): event is LinkEvent => (LINK_EVENTS as readonly string[]).includes(event);

export function templatesOf(list: readonly MessageTemplate[], event: MessageEvent): MessageTemplate[] {
  return list
    .filter((x) => x.event === event)
    .sort(
      (a, b) =>
        LANGUAGE_ORDER.indexOf(a.language) - LANGUAGE_ORDER.indexOf(b.language) ||
        CHANNEL_ORDER.indexOf(a.channel) - CHANNEL_ORDER.indexOf(b.channel),
    );
}

export function toFormValues(setting: MessageEventSetting, templates: readonly MessageTemplate[]): EventFormValues {
  return {
    enabled: setting.enabled,
    linkUrl: setting.linkUrl,
    texts: Object.fromEntries(templates.map((x) => [String(x.id), { subject: x.subject, body: x.body }])),
  };
}

/** The update request: every template of the event with the version the editor read. */
export function toUpdateRequest(
  event: MessageEvent,
  values: EventFormValues,
  templates: readonly MessageTemplate[],
): MessageTemplateUpdateRequest {
  return {
    event,
    enabled: values.enabled,
    // Only events with a link show its field: the others send their (empty) link as it is.
    linkUrl: (values.linkUrl ?? '').trim(),
    templates: templates.map((x) => {
      const text = values.texts[String(x.id)] ?? x;
      return { id: x.id, version: x.version, subject: x.channel === 'email' ? text.subject : '', body: text.body };
    }),
  };
}

/** The unsaved texts a preview renders (every template of the event, as the editor holds them). */
export function toPreviewTexts(values: EventFormValues, templates: readonly MessageTemplate[]) {
  return templates.map((x) => {
    const text = values.texts[String(x.id)] ?? x;
    return { id: x.id, subject: x.channel === 'email' ? text.subject : '', body: text.body };
  });
}

/** The first placeholder of a text that the event does not offer, for the field's own check. */
export function firstUnknownPlaceholder(event: MessageEvent, text: string | undefined): string | null {
  const unknown = unknownPlaceholders(event, text ?? '');
  return unknown.length ? placeholderText(unknown[0]!) : null;
}
