import type { Locale, MessageChannel, MessageEvent } from '@tidyhouse/contract';

/**
 * The templates every business starts with, worded as a cleaning business writes to its customers
 * (edited in System Set-up). SMS texts stay near one segment with real values; the first text of a
 * relationship (the confirmation) and the one non-transactional text carry the opt-out words.
 */
type Texts = Record<MessageChannel, { subject: string; body: string }>;

const en: Record<MessageEvent, Texts> = {
  jobConfirmation: {
    email: {
      subject: 'Your cleaning is booked for {{date}}',
      body: `Hi {{customer}},

Thank you for booking with {{business}}. Your cleaning is confirmed:

Date: {{date}}
Arrival window: {{window}}
Address: {{address}}
Team: {{team}}

Please make sure we can get in (key, gate or alarm code) and that pets are settled. Need to change something? Call us at {{phone}} at least 48 hours ahead.

See you soon,
{{business}}`,
    },
    sms: {
      subject: '',
      body: '{{business}}: your cleaning is booked for {{date}}, arriving {{window}}. Questions? Call {{phone}}. Reply STOP to opt out.',
    },
  },
  jobReminder: {
    email: {
      subject: 'Reminder: we are cleaning on {{date}}',
      body: `Hi {{customer}},

A friendly reminder that {{team}} will be at {{address}} on {{date}}, arriving {{window}}.

Before we arrive, please clear counters and floors of clutter so we can clean every surface, and leave access as agreed.

Need to reschedule? Call {{phone}} as soon as you can.

Thank you,
{{business}}`,
    },
    sms: {
      subject: '',
      body: 'Reminder from {{business}}: we clean on {{date}}, arriving {{window}}. To reschedule, call {{phone}}.',
    },
  },
  onTheWay: {
    email: {
      subject: '{{team}} is on the way',
      body: `Hi {{customer}},

{{team}} has just finished the previous home and is on the way to {{address}}. They should arrive within your window of {{window}}.

If anything has changed, call us at {{phone}}.

{{business}}`,
    },
    sms: {
      subject: '',
      body: '{{business}}: {{team}} is on the way to you now (window {{window}}). Questions? Call {{phone}}.',
    },
  },
  jobDone: {
    email: {
      subject: 'All done: your receipt for {{date}}',
      body: `Hi {{customer}},

{{team}} has finished cleaning at {{address}}. Thank you for having us!

Amount for this visit: {{amount}}

If anything isn't right, tell us within 24 hours at {{phone}} and we will come back to make it right at no charge.

{{business}}`,
    },
    sms: {
      subject: '',
      body: '{{business}}: all done at your home today! Amount: {{amount}}. Anything not right? Call {{phone}} within 24 hours.',
    },
  },
  paymentReceived: {
    email: {
      subject: 'Payment received, thank you',
      body: `Hi {{customer}},

We received your payment of {{amount}} on {{date}}. Thank you!

Keep this e-mail as your receipt. Questions about your account? Call {{phone}}.

{{business}}`,
    },
    sms: { subject: '', body: '{{business}}: we received your payment of {{amount}} on {{date}}. Thank you!' },
  },
  cardDeclined: {
    email: {
      subject: 'Action needed: your card was declined',
      body: `Hi {{customer}},

We tried to charge {{amount}} for your cleaning on {{date}} to the card we have on file, but the card was declined.

Please call us at {{phone}} to update your card; it only takes a minute.

Thank you,
{{business}}`,
    },
    sms: {
      subject: '',
      body: '{{business}}: your card was declined for {{amount}}. Please call {{phone}} to update it. Thank you!',
    },
  },
  reviewRequest: {
    email: {
      subject: 'How did we do, {{customer}}?',
      body: `Hi {{customer}},

Thank you for choosing {{business}} for your first cleaning on {{date}}. We hope you loved coming home to it!

Would you take a minute to tell others about {{team}}? A review helps a small local business a lot:
{{link}}

If something wasn't right, reply to this e-mail or call {{phone}} and we will fix it.

Thank you,
{{business}}`,
    },
    sms: {
      subject: '',
      body: 'Thanks for choosing {{business}}! How did {{team}} do? A quick review helps us a lot: {{link}} Reply STOP to opt out.',
    },
  },
};

const zh: Record<MessageEvent, Texts> = {
  jobConfirmation: {
    email: {
      subject: '您的保洁服务已预约：{{date}}',
      body: `{{customer}}，您好：

感谢您选择{{business}}。您的保洁服务已确认：

日期：{{date}}
到达时间：{{window}}
地址：{{address}}
服务团队：{{team}}

请确保我们能顺利进门（钥匙、大门或警报密码），并妥善安置宠物。如需更改，请至少提前 48 小时致电 {{phone}}。

期待为您服务！
{{business}}`,
    },
    sms: {
      subject: '',
      body: '【{{business}}】您的保洁已预约：{{date}} {{window}}到达。如有疑问请致电 {{phone}}。回复STOP退订',
    },
  },
  jobReminder: {
    email: {
      subject: '提醒：{{date}} 上门保洁',
      body: `{{customer}}，您好：

温馨提醒：{{team}}将于{{date}} {{window}}到达 {{address}} 为您保洁。

请提前收拾台面和地面上的杂物，以便我们清洁每一处，并按约定留好进门方式。

如需改期，请尽快致电 {{phone}}。

谢谢！
{{business}}`,
    },
    sms: { subject: '', body: '【{{business}}】提醒：我们将于{{date}} {{window}}上门保洁。如需改期请致电 {{phone}}' },
  },
  onTheWay: {
    email: {
      subject: '{{team}}正在前往您家',
      body: `{{customer}}，您好：

{{team}}已完成上一户的服务，正在前往 {{address}}，预计在 {{window}} 内到达。

如有变动，请致电 {{phone}}。

{{business}}`,
    },
    sms: { subject: '', body: '【{{business}}】{{team}}正在前往您家，预计{{window}}到达。如有疑问请致电 {{phone}}' },
  },
  jobDone: {
    email: {
      subject: '保洁已完成：{{date}} 的收据',
      body: `{{customer}}，您好：

{{team}}已完成 {{address}} 的保洁，感谢您的信任！

本次服务金额：{{amount}}

如有任何不满意，请在 24 小时内致电 {{phone}}，我们将免费返工。

{{business}}`,
    },
    sms: {
      subject: '',
      body: '【{{business}}】今天的保洁已完成，金额 {{amount}}。如有不满意请在24小时内致电 {{phone}}',
    },
  },
  paymentReceived: {
    email: {
      subject: '已收到您的付款，谢谢',
      body: `{{customer}}，您好：

我们已于{{date}}收到您的付款 {{amount}}，谢谢！

请保留此邮件作为收据。如对账户有疑问，请致电 {{phone}}。

{{business}}`,
    },
    sms: { subject: '', body: '【{{business}}】已于{{date}}收到您的付款 {{amount}}，谢谢！' },
  },
  cardDeclined: {
    email: {
      subject: '请更新银行卡：扣款被拒',
      body: `{{customer}}，您好：

我们尝试从您留存的银行卡扣取{{date}}保洁服务费 {{amount}}，但该卡被拒绝。

请致电 {{phone}} 更新银行卡，只需一分钟。

谢谢！
{{business}}`,
    },
    sms: { subject: '', body: '【{{business}}】您的银行卡扣款 {{amount}} 被拒，请致电 {{phone}} 更新银行卡，谢谢！' },
  },
  reviewRequest: {
    email: {
      subject: '{{customer}}，您对我们的服务满意吗？',
      body: `{{customer}}，您好：

感谢您在{{date}}首次选择{{business}}，希望您回到家时感到满意！

能否花一分钟为{{team}}写条评价？您的评价对我们这样的本地小企业帮助很大：
{{link}}

如有不满意之处，请直接回复本邮件或致电 {{phone}}，我们会尽快处理。

谢谢！
{{business}}`,
    },
    sms: { subject: '', body: '【{{business}}】感谢您的选择！{{team}}的服务如何？欢迎留下评价：{{link}} 回复STOP退订' },
  },
};

export const DEFAULT_TEMPLATE_TEXTS: Record<Locale, Record<MessageEvent, Texts>> = { en, zh };
