/**
 * Seeded free text (what an office user would type in a note) in both languages, English first: a
 * note is one field, so the demo writes it as a bilingual office would, readable on either language's
 * pages (issue 8 item 12). Records with a field per language (price list, roles) seed each field.
 */
export const bothLanguages = (en: string, zh: string): string => `${en} / ${zh}`;
