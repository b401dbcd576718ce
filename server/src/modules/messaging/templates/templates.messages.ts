/** Server messages of message templates and the customer's message choices (merged into platform/messages.ts). */
export const TEMPLATE_MESSAGES_EN = {
  'messaging.unknownPlaceholder': '{field}: {placeholder} is not a placeholder of this message. It may use: {allowed}',
  'messaging.subjectRequired': '{field}: an e-mail needs a subject.',
  'messaging.notOfEvent': '{field}: this template belongs to another event.',
  'messaging.linkRequired': '{field}: the templates use {placeholder}; enter the page it opens, or remove it from them.',
  'messaging.customer': 'The customer',
} as const;

export type TemplateMessageKey = keyof typeof TEMPLATE_MESSAGES_EN;

export const TEMPLATE_MESSAGES_ZH: Record<TemplateMessageKey, string> = {
  'messaging.unknownPlaceholder': '{field}：{placeholder} 不是此消息的占位符。可用的占位符：{allowed}',
  'messaging.subjectRequired': '{field}：邮件必须有主题。',
  'messaging.notOfEvent': '{field}：此模板属于其他事件。',
  'messaging.linkRequired': '{field}：模板使用了 {placeholder}，请填写它打开的网页，或从模板中删除它。',
  'messaging.customer': '该客户',
};
