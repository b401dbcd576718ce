import type { DomainStrings } from '@/lib/i18n';
import en from './locales/en.json';
import zh from './locales/zh.json';

/** The board's own strings (`service.board.*`), registered when its chunk loads. */
export const boardStrings: DomainStrings = { en, zh };
