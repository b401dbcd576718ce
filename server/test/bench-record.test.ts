/** docs/performance.md keeps every dated bench run (issue 25): bench/record.ts's insertion. */
import { describe, expect, it } from 'vitest';
import { formatRun, insertRun, RUNS_HEADING } from '../bench/record';

const table = (name: string) =>
  `#### ${name}, pglite, 2026-11-27 19:40 UTC\n\nLoad average (1 / 5 / 15 min) before: 1.00 / 1.00 / 1.00; after: 1.10 / 1.00 / 1.00.\n\n| Measure | Ours | Bare |\n| --- | --- | --- |\n| x | 2.0 ms | 1.0 ms |\n`;
const run = (minute: string, name: string) => formatRun(table(name), new Date(`2026-11-27T19:${minute}:00Z`), 'BENCH_RUNS=10.');

const DOC = '# Performance\n\nHow to read a figure.\n\n## Billing\n\nFigures.\n';

describe('insertRun', () => {
  it('makes the heading at the end of a document without it and keeps the rest as it was', () => {
    const doc = insertRun(DOC, run('40', 'Board'));
    expect(doc.startsWith(DOC.trimEnd())).toBe(true);
    const section = doc.slice(doc.indexOf(RUNS_HEADING));
    expect(section).toContain('### Run of 2026-11-27 19:40 UTC');
    expect(section).toContain('| x | 2.0 ms | 1.0 ms |');
    expect(doc.split(RUNS_HEADING)).toHaveLength(2);
  });

  it('puts a new run first, keeps the older runs byte for byte and the sections after them', () => {
    const older = insertRun(`${DOC}\n${RUNS_HEADING}\n\nIntro.\n\n## Later section\n\nText.\n`, run('40', 'Board'));
    const olderRun = older.slice(older.indexOf('### Run of'), older.indexOf('## Later section'));
    const doc = insertRun(older, run('55', 'Dashboard'));
    const newer = doc.indexOf('### Run of 2026-11-27 19:55 UTC');
    const old = doc.indexOf('### Run of 2026-11-27 19:40 UTC');
    expect(doc.indexOf('Intro.')).toBeLessThan(newer);
    expect(newer).toBeGreaterThan(0);
    expect(newer).toBeLessThan(old);
    expect(doc).toContain(olderRun);
    expect(doc.endsWith('## Later section\n\nText.\n')).toBe(true);
    expect(doc.split(RUNS_HEADING)).toHaveLength(2);
    // The older run's own table stays where it was, under it.
    expect(doc.indexOf('#### Board')).toBeGreaterThan(old);
    expect(doc.indexOf('#### Dashboard')).toBeGreaterThan(newer);
    expect(doc.indexOf('#### Dashboard')).toBeLessThan(old);
  });

  it('puts the first run of an empty section before the next section, not after it', () => {
    const doc = insertRun(`${DOC}\n${RUNS_HEADING}\n\nIntro.\n\n## Later section\n\nText.\n`, run('40', 'Board'));
    const at = doc.indexOf('### Run of 2026-11-27 19:40 UTC');
    expect(at).toBeGreaterThan(doc.indexOf('Intro.'));
    expect(at).toBeLessThan(doc.indexOf('## Later section'));
    expect(doc).toContain('Text.\n');
  });

  it('keeps three runs newest first', () => {
    let doc = DOC;
    for (const minute of ['10', '20', '30']) doc = insertRun(doc, run(minute, `Bench ${minute}`));
    const order = ['30', '20', '10'].map((m) => doc.indexOf(`### Run of 2026-11-27 19:${m} UTC`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
