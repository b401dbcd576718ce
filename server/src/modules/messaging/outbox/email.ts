import { isTransactional } from '@tidyhouse/contract';
import type { Db } from '../../../platform/database';
import { sendMail } from '../../../platform/mail';
import type { Secrets } from '../../../platform/secrets';
import { smtpSettings } from '../../system/mail-params.service';
import type { SmsAnswer } from './sms-provider';
import type { ClaimedRow, OutboxContext } from './worker';

const UNSUBSCRIBE_PREFIX = 'unsubscribe:';

/** The unsubscribe link's token: the customer's id sealed with the secrets key (authentic, no extra key). */
export function unsubscribeToken(secrets: Secrets, customerId: number): string {
  return Buffer.from(secrets.encrypt(`${UNSUBSCRIBE_PREFIX}${customerId}`)).toString('base64url');
}

/** The customer a token names, or null for anything we did not make. */
export function customerOfUnsubscribeToken(secrets: Secrets, token: string): number | null {
  try {
    const plain = secrets.decrypt(Buffer.from(token, 'base64url').toString('utf8'));
    if (!plain.startsWith(UNSUBSCRIBE_PREFIX)) return null;
    const id = Number(plain.slice(UNSUBSCRIBE_PREFIX.length));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

const UNSUBSCRIBE_LINE = {
  en: 'To stop these e-mails, open',
  zh: '如不想再收到此类邮件，请打开',
} as const;

export type MailSettings = Awaited<ReturnType<typeof smtpSettings>>;

/** The mail settings, read at most once per claimed batch (the worker's per-batch reads). */
export const mailSettingsOnce = (db: Db, secrets: Secrets) => {
  let settings: Promise<MailSettings> | null = null;
  return () => {
    settings ??= smtpSettings(db, secrets);
    return settings;
  };
};

/**
 * An outbox e-mail through the one mail path (platform/mail.ts, the Location Parameters' SMTP or the
 * catcher). Its Message-ID is the row's idempotency key. A message that is not transactional carries
 * the unsubscribe link, in its text and as List-Unsubscribe.
 */
export async function sendEmail(
  ctx: OutboxContext,
  row: ClaimedRow,
  rendered: { subject?: string; body: string; language: string; to: string },
  mailSettings: () => Promise<MailSettings>,
): Promise<SmsAnswer> {
  let text = rendered.body;
  const headers: Record<string, string> = {};
  if (!isTransactional(row.event)) {
    const link = `${ctx.config.smsWebhookUrl}/hooks/unsubscribe?t=${unsubscribeToken(ctx.secrets, row.customerId)}`;
    text += `\n\n${UNSUBSCRIBE_LINE[rendered.language === 'zh' ? 'zh' : 'en']} ${link}`;
    headers['List-Unsubscribe'] = `<${link}>`;
  }
  try {
    const { smtp, from } = await mailSettings();
    const sent = await sendMail(smtp, {
      from,
      to: rendered.to,
      subject: rendered.subject ?? '',
      text,
      messageId: `<${row.idempotencyKey}@tidyhouse.outbox>`,
      headers,
    });
    return { ok: true, providerId: sent.messageId.slice(0, 128) };
  } catch (error) {
    // SMTP failures are mostly passing (the server busy or away): tried again with a back-off.
    return { ok: false, retryable: true, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
  }
}
