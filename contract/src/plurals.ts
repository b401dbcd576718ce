import type { Locale } from './constants';

/**
 * Counted nouns in `{name}` templates (server messages, operation log summaries): `{count:employee|employees}`
 * reads "1 employee" or "3 employees" by the language's plural rules (English only needs them; Chinese
 * templates count with measure words and use a plain `{count}`). The result is a plain `{count} noun`
 * template, filled as before by the caller.
 */
export function withPlurals(template: string, params: Record<string, unknown>, locale: Locale): string {
  return template.replace(/\{(\w+):([^|{}]*)\|([^{}]*)\}/g, (_whole, name: string, one: string, other: string) => {
    const count = Number(params[name]);
    const form = Number.isFinite(count) && new Intl.PluralRules(locale).select(count) === 'one' ? one : other;
    return `{${name}} ${form}`;
  });
}
