import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTION_TITLES, AUDIT_FIELD_TITLES, AUDIT_SUMMARIES, AUDIT_VALUE_TITLES, MENU_TREE } from '@tidyhouse/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../src/platform/messages';

/**
 * Chinese names a job 工单 everywhere (as the menu does: 工单列表, 工单详情). 工作 stays only where it
 * means work, in these phrases: a working day or week, hours worked, the day's work sheet, working.
 */
const WORK_PHRASES = [
  '工作日', // working day (工作日期: work date)
  '工作周', // workweek
  '工作时长',
  '工作时间',
  '工作安排', // the daily schedule sheet (the work of the day)
  '工作超过', // worked more than
  '工作不超过',
  '家中工作', // working in the customer's home
  '都在工作', // every team is working
  '有工作打卡', // work (job, drive or labor) punched
  '第七天工作', // the seventh consecutive day worked
];
const JOB_WORD = '工单';
const OTHER_WORD = '工作';

const root = path.resolve(__dirname, '../..');
/** 工作 left once the work phrases are taken out: each is a job called by the other word. */
const strayOtherWord = (zh: string) =>
  WORK_PHRASES.reduce((text, phrase) => text.split(phrase).join('·'), zh).includes(OTHER_WORD);
const mentionsJob = (en: string) => /\bjobs?\b/i.test(en);

type Pair = { where: string; en: string; zh: string };

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value as Record<string, unknown>, name)) out.set(k, v);
    else out.set(name, String(value));
  }
  return out;
}

function files(dir: string, match: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : files(full, match);
    return match(full) ? [full] : [];
  });
}

/** Every text known in both languages: web locale files, server messages, menu, log texts. */
function pairs(): Pair[] {
  const out: Pair[] = [];
  for (const zhFile of files(path.join(root, 'web/src'), (f) => f.endsWith(`${path.sep}zh.json`))) {
    const zh = flatten(JSON.parse(fs.readFileSync(zhFile, 'utf8')));
    const en = flatten(JSON.parse(fs.readFileSync(zhFile.replace(/zh\.json$/, 'en.json'), 'utf8')));
    for (const [key, text] of zh) out.push({ where: `${path.relative(root, zhFile)} ${key}`, en: en.get(key) ?? '', zh: text });
  }
  // Server messages: every key declared in a message table, read back through translate().
  const messageFiles = files(path.join(root, 'server/src'), (f) => f.endsWith('messages.ts'));
  const keys = new Set(
    messageFiles.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/^\s+'([\w.]+)':/gm)].map((m) => m[1]!)),
  );
  for (const key of keys) out.push({ where: `message ${key}`, en: translate('en', key), zh: translate('zh', key) });
  for (const group of MENU_TREE) {
    for (const item of [group, ...group.children]) out.push({ where: `menu ${item.url}`, ...item.title });
  }
  const logTables = { AUDIT_ACTION_TITLES, AUDIT_FIELD_TITLES, AUDIT_SUMMARIES, AUDIT_VALUE_TITLES };
  for (const [table, titles] of Object.entries(logTables)) {
    for (const [key, title] of Object.entries(titles)) out.push({ where: `${table} ${key}`, ...title });
  }
  return out;
}

describe('the Chinese word for a job', () => {
  const all = pairs();

  it('finds the texts of every source (locale files, server messages, menu, log)', () => {
    for (const source of ['web/src/modules/service/locales/zh.json', 'message ', 'menu ', 'AUDIT_VALUE_TITLES ']) {
      expect(
        all.some((p) => p.where.startsWith(source)),
        source,
      ).toBe(true);
    }
    expect(all.filter((p) => mentionsJob(p.en)).length).toBeGreaterThan(50);
  });

  it('is 工单 in every text whose English speaks of a job, never 工作', () => {
    const wrong = all.filter((p) => mentionsJob(p.en) && strayOtherWord(p.zh)).map((p) => `${p.where}: ${p.zh}`);
    expect(wrong).toEqual([]);
  });

  it('leaves 工作 only in the phrases that mean work, in any Chinese text of the code (PDFs and sheets too)', () => {
    const sources = ['contract/src', 'server/src', 'web/src'].flatMap((dir) =>
      files(path.join(root, dir), (f) => /\.(ts|tsx|json)$/.test(f) && !/\.test\.tsx?$/.test(f)),
    );
    const wrong = sources.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, where: `${path.relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => strayOtherWord(line))
        .map(({ line, where }) => `${where}: ${line.trim()}`),
    );
    expect(wrong).toEqual([]);
    // The check itself: a job named with the other word is caught, a working day is not.
    expect(strayOtherWord('该工作不能移动')).toBe(true);
    expect(strayOtherWord(`该${JOB_WORD}不能移动，复制上一个工作日`)).toBe(false);
  });
});
