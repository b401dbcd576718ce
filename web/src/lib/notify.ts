import type { message } from 'antd';

/**
 * Messages shown outside React (the http client, route loaders) go through an antd message
 * instance, which the provider registers. Messages raised before it mounts (the first route's
 * loader runs while the app renders) wait and are shown once it does.
 */
export type MessageApi = Pick<ReturnType<typeof message.useMessage>[0], 'error' | 'success'>;

type Pending = { kind: 'error' | 'success'; text: string };

let messageApi: MessageApi | null = null;
let pending: Pending[] = [];

function show({ kind, text }: Pending): void {
  if (!messageApi) {
    pending.push({ kind, text });
    return;
  }
  // The text is the key: the same message raised by several failing requests shows once.
  messageApi[kind]({ content: text, key: text });
}

export function registerMessageApi(api: MessageApi | null): void {
  messageApi = api;
  if (!api) return;
  const waiting = pending;
  pending = [];
  for (const message of waiting) show(message);
}

export function showError(text: string): void {
  if (text) show({ kind: 'error', text });
}

export function showSuccess(text: string): void {
  if (text) show({ kind: 'success', text });
}
