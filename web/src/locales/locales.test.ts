import { describe, expect, it } from 'vitest';
import type { LocaleTree } from '@/lib/i18n';

/** Every locale pair: common strings and each domain's. Both languages must hold the same keys. */
const files = import.meta.glob<LocaleTree>(['./*.json', '../modules/*/locales/*.json'], { eager: true, import: 'default' });

function flatten(tree: LocaleTree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const pairs = [...new Set(Object.keys(files).map((path) => path.replace(/(en|zh)\.json$/, '')))].map((base) => ({
  base,
  domain: /modules\/([^/]+)\//.exec(base)?.[1] ?? 'common',
  en: files[`${base}en.json`],
  zh: files[`${base}zh.json`],
}));

describe('locale files', () => {
  it('are found: common plus one pair per domain module', () => {
    expect(pairs.map((pair) => pair.domain).sort()).toEqual(
      [
        'auth',
        'common',
        'customers',
        'dashboard',
        'employees',
        'marketing',
        'office',
        'payroll',
        'sales',
        'service',
        'system',
      ].sort(),
    );
  });

  it.each(pairs)('$domain: en and zh have the same keys', ({ en, zh }) => {
    expect(en, 'en.json missing').toBeDefined();
    expect(zh, 'zh.json missing').toBeDefined();
    expect([...flatten(zh ?? {}).keys()].sort()).toEqual([...flatten(en ?? {}).keys()].sort());
  });

  it.each(pairs)('$domain: every key is <domain>.<area>.<key> and every value a non-empty string', ({ domain, en, zh }) => {
    for (const tree of [en, zh]) {
      for (const [key, value] of flatten(tree ?? {})) {
        expect(key.split('.').length, key).toBeGreaterThanOrEqual(3);
        expect(key.startsWith(`${domain}.`), key).toBe(true);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('translates the Chinese file (a value equal to English must be a name or the language switch itself)', () => {
    const sameAllowed = new Set(['common.locale.zh', 'common.locale.en', 'auth.login.title']);
    for (const { en, zh } of pairs) {
      const zhFlat = flatten(zh ?? {});
      for (const [key, value] of flatten(en ?? {})) {
        if (!sameAllowed.has(key)) expect(zhFlat.get(key), key).not.toBe(value);
      }
    }
  });
});
