import type { DomainStrings } from '@/lib/i18n';
import customersEn from '@/modules/customers/locales/en.json';
import customersZh from '@/modules/customers/locales/zh.json';
import en from './locales/en.json';
import zh from './locales/zh.json';

/**
 * Billing's strings, with the customers' strings its money components use (enum titles, the
 * payment and refund forms): a billing screen loads both (locales/keys-used.test reads these imports).
 */
export const strings: DomainStrings = { en: { ...customersEn, ...en }, zh: { ...customersZh, ...zh } };
