import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23 item 3: no raw translation key ever ships. Reads every source file of the app for the keys
 * it uses (`t('a.b.c')`, `i18nKey`, labels handed to helpers: any string literal that starts with a
 * namespace) and checks that each exists in both languages, and that it is loaded where it is used:
 * a domain's strings are registered only when one of its screens loads, so a component that another
 * domain's screen imports may only use `common.*`, the contract's messages, or that other domain's keys.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const NAMESPACES = [
  'common',
  'auth',
  'billing',
  'customers',
  'dashboard',
  'employees',
  'marketing',
  'office',
  'payroll',
  'sales',
  'service',
  'system',
  'validation',
  'rule',
] as const;
/** Namespaces every screen has: the common file (bundled) and the contract's messages. */
const ALWAYS = new Set(['common', 'validation', 'rule']);

type Tree = { [key: string]: string | Tree };
type Keys = { leaves: Set<string>; subtrees: Set<string> };

function collect(tree: Tree, into: Keys, prefix = ''): Keys {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.leaves.add(full);
    else {
      into.subtrees.add(full);
      collect(value, into, full);
    }
  }
  return into;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.(ts|tsx|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(SRC);
const localeFiles = files.filter((f) => /locales[/\\](en|zh)\.json$/.test(f));
const codeFiles = files.filter((f) => /\.tsx?$/.test(f));

/** Every key of each language: the JSON files (a domain's sub-folders count as the domain) and the contract. */
const KEYS: Record<'en' | 'zh', Keys> = {
  en: { leaves: new Set(), subtrees: new Set() },
  zh: { leaves: new Set(), subtrees: new Set() },
};
for (const file of localeFiles) {
  const locale = file.endsWith('en.json') ? 'en' : 'zh';
  collect(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree, KEYS[locale]);
}
for (const locale of ['en', 'zh'] as const) {
  for (const key of Object.keys(MESSAGES[locale])) {
    KEYS[locale].leaves.add(key);
    KEYS[locale].subtrees.add(key.slice(0, key.indexOf('.')));
  }
}

/** The domain a file belongs to: its module folder, or 'app' for the shell, components and lib. */
const domainOf = (file: string) => /[/\\]modules[/\\]([^/\\]+)[/\\]/.exec(file)?.[1] ?? 'app';

interface Use {
  file: string;
  key: string;
  /** A template literal: only its fixed start is known (`a.b.${code}`), which must be a group of keys. */
  prefix: boolean;
}

const KEY_LITERAL = new RegExp(
  `(['"\`])((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]*[A-Za-z0-9_])(\\.\\$\\{)?(?=[^'"\`]*\\1)`,
  'g',
);

/** The keys a source text names. */
export function keysIn(source: string): { key: string; prefix: boolean }[] {
  const found: { key: string; prefix: boolean }[] = [];
  for (const match of source.matchAll(KEY_LITERAL)) {
    const [, quote, key, dynamic] = match;
    // A literal is a key only when it ends right after it (or continues with `${…}` in a template).
    const end = match.index + match[0].length;
    if (dynamic ? quote === '`' : source[end] === quote) found.push({ key: key!, prefix: Boolean(dynamic) });
  }
  return found;
}

const uses: Use[] = codeFiles.flatMap((file) => keysIn(fs.readFileSync(file, 'utf8')).map((u) => ({ file, ...u })));

/** Static imports between source files (a lazy `import()` loads its own domain's strings). */
function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/')
    ? path.join(SRC, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}
const importers = new Map<string, Set<string>>();
for (const file of codeFiles) {
  const source = fs.readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/g)) {
    const target = resolveImport(file, match[1]!);
    if (target) (importers.get(target) ?? importers.set(target, new Set()).get(target)!).add(file);
  }
}

/** The domains whose screens render a file: its own and those of every file that imports it, transitively. */
function domainsRendering(file: string): Set<string> {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length)
    for (const importer of importers.get(queue.pop()!) ?? []) if (!seen.has(importer)) seen.add(importer) && queue.push(importer);
  return new Set([...seen].map(domainOf));
}

/** The other domains whose strings a domain registers with its own (imports of their locale files in its strings.ts). */
const LOADS = new Map(
  files
    .filter((f) => /[/\\]modules[/\\][^/\\]+[/\\]strings\.ts$/.test(f))
    .map((f) => [
      domainOf(f),
      new Set([...fs.readFileSync(f, 'utf8').matchAll(/@\/modules\/([^/]+)\/locales\//g)].map((m) => m[1]!)),
    ]),
);

/** A key, or its plural forms (i18next adds `_one`, `_other` by the count). */
const hasLeaf = (locale: 'en' | 'zh', key: string) => KEYS[locale].leaves.has(key) || KEYS[locale].leaves.has(`${key}_other`);

const where = (u: Use) => `${path.relative(SRC, u.file)}: ${u.key}${u.prefix ? '.(…)' : ''}`;

describe('translation keys used by the code', () => {
  it('finds the keys it checks (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(1000);
    const sample = ["t('system.common.any');", 't(`sales.enums.status.$', "{s}`); x('a.b'); 'common.x' + y"].join('');
    expect(keysIn(sample)).toEqual([
      { key: 'system.common.any', prefix: false },
      { key: 'sales.enums.status', prefix: true },
      { key: 'common.x', prefix: false },
    ]);
  });

  it('exist in both en and zh', () => {
    const missing = uses.flatMap((u) =>
      (['en', 'zh'] as const)
        .filter((locale) => !(u.prefix ? KEYS[locale].subtrees.has(u.key) : hasLeaf(locale, u.key)))
        .map((locale) => `${locale} ${where(u)}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('are loaded on every screen that renders them', () => {
    const unloaded = uses.flatMap((u) => {
      const namespace = u.key.slice(0, u.key.indexOf('.'));
      if (ALWAYS.has(namespace)) return [];
      return [...domainsRendering(u.file)]
        .filter((domain) => domain !== namespace && !LOADS.get(domain)?.has(namespace))
        .map((domain) => `${where(u)} (rendered by ${domain}, which does not load ${namespace}.*)`);
    });
    expect([...new Set(unloaded)]).toEqual([]);
  });
});
