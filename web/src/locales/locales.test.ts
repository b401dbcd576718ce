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
        'billing',
        'common',
        'customers',
        'dashboard',
        'employees',
        'marketing',
        'messaging',
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

/** Every English file, the nested ones (service/assignments, service/board) too. */
const english = import.meta.glob<LocaleTree>(['./en.json', '../modules/**/locales/en.json'], { eager: true, import: 'default' });
const englishTexts = Object.values(english).flatMap((tree) => [...flatten(tree)] as [string, string][]);
/** A number followed by a plural noun ("{{count}} jobs", "{{count}} selected employees"); "10,000+ records" is always plural. */
const COUNTED_NOUN = /\{\{(count|total|minutes)\}\} (?:[a-z]+ )?[a-z]{2,}s\b/;

describe('English counts (i18next plural rules)', () => {
  it('reads every nested English file', () => {
    expect(Object.keys(english).some((path) => path.includes('service/assignments'))).toBe(true);
  });

  it('never writes "(s)"', () => {
    expect(englishTexts.filter(([, text]) => text.includes('(s)')).map(([key]) => key)).toEqual([]);
  });

  it('puts a number before a plural noun only in the _other form, which has its _one beside it', () => {
    const keys = new Set(englishTexts.map(([key]) => key));
    const wrong = englishTexts.filter(([key, text]) => COUNTED_NOUN.test(text) && !key.endsWith('_other'));
    expect(wrong.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
    // A plural form counts ({{count}}); an enum value such as "paid_other" is no plural.
    for (const [key, text] of englishTexts) {
      if (key.endsWith('_other') && text.includes('{{count}}')) expect(keys.has(key.replace(/_other$/, '_one')), key).toBe(true);
    }
  });

  it('says "1 job", "1 member", "1 record" and "2 jobs" through i18next', async () => {
    const { i18n } = await import('@/lib/i18n');
    const { default: board } = await import('@/modules/service/board/locales/en.json');
    const { default: assignments } = await import('@/modules/service/assignments/locales/en.json');
    i18n.addResourceBundle('en', 'translation', board, true, true);
    i18n.addResourceBundle('en', 'translation', assignments, true, true);
    const t = i18n.getFixedT('en');
    expect(t('common.list.total', { count: 1, total: '1' })).toBe('1 record');
    expect(t('common.list.total', { count: 2, total: '2' })).toBe('2 records');
    expect(t('service.board.week.jobs', { count: 1 })).toBe('1 job');
    expect(t('service.board.week.jobs', { count: 2 })).toBe('2 jobs');
    expect(t('service.assignments.team.members', { count: 1 })).toBe('1 member');
  });
});
