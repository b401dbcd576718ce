import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_LOCALES, FIELD_STRINGS } from './i18n';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

const keysOf = (locale: (typeof FIELD_LOCALES)[number]) => leaves(FIELD_STRINGS[locale] as Tree).sort();

describe('field app strings', () => {
  it('hold the same keys in English, Spanish and Chinese', () => {
    const en = keysOf('en');
    expect(en.length).toBeGreaterThan(50);
    expect(keysOf('es')).toEqual(en);
    expect(keysOf('zh')).toEqual(en);
  });

  it('have no empty text, and every plural has its one and other forms', () => {
    for (const locale of FIELD_LOCALES) {
      const keys = keysOf(locale);
      for (const key of keys) {
        const text = key.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, FIELD_STRINGS[locale] as Tree);
        expect(String(text).trim(), `${locale} ${key}`).not.toBe('');
        if (key.endsWith('_one')) expect(keys, `${locale} ${key}`).toContain(key.replace(/_one$/, '_other'));
        if (key.endsWith('_other')) expect(keys, `${locale} ${key}`).toContain(key.replace(/_other$/, '_one'));
      }
    }
  });

  it('call the job 工单 in Chinese, never 工作', () => {
    expect(JSON.stringify(FIELD_STRINGS.zh)).not.toContain('工作');
  });

  it('has every key the screens use (no raw key on a screen)', () => {
    const dir = import.meta.dirname;
    const sources = fs
      .readdirSync(dir)
      .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
      .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
      .join('\n');
    const known = new Set(keysOf('en').map((key) => key.replace(/_(one|other)$/, '')));
    const groups = new Set(
      [...known].flatMap((key) =>
        key
          .split('.')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('.')),
      ),
    );
    const used = [...sources.matchAll(/\bt\(\s*(['`])([a-zA-Z]+\.[a-zA-Z0-9_.]*?)(\.\$\{|\1)/g)];
    expect(used.length).toBeGreaterThan(40);
    for (const [, , key, rest] of used) {
      if (rest === '.${') expect(groups, `t(\`${key}.\${…}\`)`).toContain(key);
      else expect(known, `t('${key}')`).toContain(key);
    }
  });
});
