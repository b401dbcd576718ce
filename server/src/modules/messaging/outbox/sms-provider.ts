import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/database';
import type { Secrets } from '../../../platform/secrets';
import { SIM_ACCOUNT_SID, SIM_FROM_NUMBER } from '../sms-sim/sms-sim';
import { messageParameters } from './outbox.tables';

const TWILIO_API = 'https://api.twilio.com';

/** Where texts go now and with which account (docs/operations.md "Text messages"). */
export interface SmsProviderSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  fromNumber: string;
  /** The local simulator: no real account is set, its inbox is what the office sees. */
  simulated: boolean;
}

/**
 * A real account in the Location Parameters goes to SMS_URL or Twilio itself; without one, texts go
 * to SMS_URL with the simulator's account, or to the local simulator.
 */
export async function smsProviderSettings(db: Db, secrets: Secrets, config: Config): Promise<SmsProviderSettings> {
  const [row] = await db.select().from(messageParameters).where(eq(messageParameters.id, 1));
  if (row?.smsAccountSid && row.smsAuthTokenEncrypted) {
    return {
      baseUrl: config.smsUrl ?? TWILIO_API,
      accountSid: row.smsAccountSid,
      authToken: secrets.decrypt(row.smsAuthTokenEncrypted),
      fromNumber: row.smsFromNumber,
      simulated: false,
    };
  }
  return {
    baseUrl: config.smsUrl ?? config.smsSimUrl,
    accountSid: SIM_ACCOUNT_SID,
    authToken: config.smsSimToken,
    fromNumber: row?.smsFromNumber || SIM_FROM_NUMBER,
    simulated: true,
  };
}

export interface SmsSend {
  to: string;
  body: string;
  idempotencyKey: string;
  statusCallback: string;
}

export type SmsAnswer = { ok: true; providerId: string } | { ok: false; retryable: boolean; error: string };

export interface SmsSender {
  send(message: SmsSend): Promise<SmsAnswer>;
}

/** The key of the send in progress: the HTTP client below puts it on the request. */
const currentKey = new AsyncLocalStorage<string>();

/**
 * The twilio SDK pointed at `baseUrl`: the SDK builds https://api.twilio.com/… URLs; its HTTP client
 * (the SDK's own RequestClient, given as `httpClient`) sends them to our base URL instead, with the
 * row's idempotency key as the `Idempotency-Key` header.
 */
function clientFor(settings: SmsProviderSettings) {
  const inner = new twilio.RequestClient({ keepAlive: true, timeout: 15_000 });
  const base = new URL(settings.baseUrl);
  const httpClient = Object.create(inner) as typeof inner;
  httpClient.request = (opts) => {
    const uri = new URL(opts.uri);
    if (base.origin !== TWILIO_API) {
      uri.protocol = base.protocol;
      uri.host = base.host;
      uri.pathname = base.pathname.replace(/\/$/, '') + uri.pathname;
    }
    const key = currentKey.getStore();
    return inner.request({ ...opts, uri: uri.href, headers: { ...opts.headers, ...(key ? { 'Idempotency-Key': key } : {}) } });
  };
  return twilio(settings.accountSid, settings.authToken, { httpClient, autoRetry: false });
}

/** A provider answer worth trying again later: the provider or the network failed, or asked us to slow down. */
const retryableStatus = (status: number | undefined) => status === undefined || status === 429 || status >= 500;

const senders = new Map<string, SmsSender>();

export function smsSender(settings: SmsProviderSettings): SmsSender {
  const id = `${settings.baseUrl}|${settings.accountSid}|${settings.authToken}`;
  const known = senders.get(id);
  if (known) return known;
  const client = clientFor(settings);
  const sender: SmsSender = {
    async send(message) {
      try {
        const sent = await currentKey.run(message.idempotencyKey, () =>
          client.messages.create({
            to: message.to,
            from: settings.fromNumber,
            body: message.body,
            statusCallback: message.statusCallback,
          }),
        );
        return { ok: true, providerId: sent.sid };
      } catch (error) {
        const e = error as { status?: number; code?: number; message?: string };
        const status = typeof e.status === 'number' ? e.status : undefined;
        return {
          ok: false,
          retryable: retryableStatus(status),
          error: `${status ?? 'network'}${e.code ? ` ${e.code}` : ''}: ${e.message ?? String(error)}`.slice(0, 500),
        };
      }
    },
  };
  senders.set(id, sender);
  return sender;
}
