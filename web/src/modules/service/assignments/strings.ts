import type { DomainStrings } from '@/lib/i18n';
import en from './locales/en.json';
import zh from './locales/zh.json';

/** The daily assignments screen's own strings (`service.assignments.*`), registered when its chunk loads. */
export const assignmentStrings: DomainStrings = { en, zh };
