import type { message } from 'antd';

/**
 * Messages shown outside React (the http client, route loaders) go through antd's static message
 * API, loaded on the first message: the login page carries no antd code (issue 14), and a message
 * raised as the shell goes away (a session that ended) must outlive the shell, so it is not tied to
 * a holder inside it.
 */
type MessageApi = Pick<typeof message, 'error' | 'success'>;

let api: Promise<MessageApi> | null = null;

const loadApi = () => {
  api ??= import('antd/es/message').then((module) => module.default);
  return api;
};

function show(kind: 'error' | 'success', text: string): void {
  // The text is the key: the same message raised by several failing requests shows once.
  void loadApi().then((messages) => messages[kind]({ content: text, key: text }));
}

export function showError(text: string): void {
  if (text) show('error', text);
}

export function showSuccess(text: string): void {
  if (text) show('success', text);
}
