import type { DomainStrings } from '@/lib/i18n';
import en from './locales/en.json';
import zh from './locales/zh.json';

export const strings: DomainStrings = { en, zh };
