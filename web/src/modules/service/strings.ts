import type { DomainStrings } from '@/lib/i18n';
import billingEn from '@/modules/billing/locales/en.json';
import billingZh from '@/modules/billing/locales/zh.json';
import en from './locales/en.json';
import zh from './locales/zh.json';

// Job Detail shows the job's invoice with billing's status titles (locales/keys-used.test reads these imports).
export const strings: DomainStrings = { en: { ...billingEn, ...en }, zh: { ...billingZh, ...zh } };
