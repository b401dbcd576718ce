import 'i18next';
import type { MessageKey } from '@tidyhouse/contract';
import type common from './locales/en.json';
import type auth from './modules/auth/locales/en.json';
import type billing from './modules/billing/locales/en.json';
import type customers from './modules/customers/locales/en.json';
import type dashboard from './modules/dashboard/locales/en.json';
import type employees from './modules/employees/locales/en.json';
import type marketing from './modules/marketing/locales/en.json';
import type messaging from './modules/messaging/locales/en.json';
import type office from './modules/office/locales/en.json';
import type payroll from './modules/payroll/locales/en.json';
import type sales from './modules/sales/locales/en.json';
import type assignments from './modules/service/assignments/locales/en.json';
import type board from './modules/service/board/locales/en.json';
import type service from './modules/service/locales/en.json';
import type system from './modules/system/locales/en.json';

/** The contract's flat 'prefix.name' message keys (validation.x, rule.x), as the nested tree lib/i18n registers them. */
type PrefixOf<Key> = Key extends `${infer Prefix}.${string}` ? Prefix : never;
type NamesUnder<Prefix extends string> = { [Key in MessageKey as Key extends `${Prefix}.${infer Name}` ? Name : never]: string };
type ContractMessages = { [Prefix in PrefixOf<MessageKey>]: NamesUnder<Prefix> };

/** Every string key, checked at compile time (the locale test checks zh has the same keys). */
type Resources = typeof common &
  typeof auth &
  typeof billing &
  typeof customers &
  typeof dashboard &
  typeof employees &
  typeof marketing &
  typeof messaging &
  typeof office &
  typeof payroll &
  typeof sales &
  typeof service &
  typeof board &
  typeof assignments &
  typeof system &
  ContractMessages;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}
