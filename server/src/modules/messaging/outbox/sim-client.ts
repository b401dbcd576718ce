import type { SmsSimInboxResponse, SmsSimMessage, SmsSimReplyRequest } from '@tidyhouse/contract';
import type { Deps } from '../../../platform/deps';
import { refused } from '../../../platform/errors';
import type { SimText } from '../sms-sim/sms-sim';
import { smsProviderSettings } from './sms-provider';

/** The simulator's own routes (/sim/…), asked with its shared secret; null while a real provider is set. */
async function simCall<T>(deps: Deps, path: string, body?: unknown): Promise<T | null> {
  const settings = await smsProviderSettings(deps.db, deps.secrets, deps.config);
  if (!settings.simulated) return null;
  try {
    const answer = await fetch(`${settings.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-sim-token': settings.authToken, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!answer.ok) throw new Error(String(answer.status));
    return (await answer.json()) as T;
  } catch {
    throw refused('outbox.simUnavailable');
  }
}

const toMessage = (t: SimText): SmsSimMessage => ({
  sid: t.sid,
  direction: t.direction,
  from: t.from,
  to: t.to,
  body: t.body,
  status: t.status,
  createdAt: t.createdAt,
});

export async function simInbox(deps: Deps, phone?: string): Promise<SmsSimInboxResponse> {
  const query = phone ? `?phone=${encodeURIComponent(phone)}` : '';
  const answer = await simCall<{ list: SimText[] }>(deps, `/sim/messages${query}`);
  return answer ? { simulated: true, list: answer.list.map(toMessage) } : { simulated: false, list: [] };
}

export async function simReply(deps: Deps, input: SmsSimReplyRequest): Promise<SmsSimMessage> {
  const answer = await simCall<SimText>(deps, '/sim/reply', input);
  if (!answer) throw refused('outbox.simNotInUse');
  return toMessage(answer);
}
