/**
 * One way for every bench to report (issue 25): the machine's load average before and after, each
 * figure beside a bare baseline measured in the same run (the same SQL behind a bare route, or the
 * function alone), so the ratio survives a noisy shared machine. With BENCH_RECORD=<file> the table is
 * also appended, dated, to that file (`npm run bench` gathers them into docs/performance.md).
 */
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** Resident memory of this process in MB (the server when the bench runs the app in process). */
export const residentMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/** The p-th percentile (0..1) of samples, in their unit. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Runs fn `runs` times after one warm-up and returns the elapsed milliseconds of each. */
export async function sample(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * Times `ours` and `bare` in turn (one run of each per round, after a warm-up of each), so both see
 * the same machine load through the run; returns the samples of each, in ms.
 */
export async function sideBySide(
  runs: number,
  ours: (run: number) => Promise<unknown> | unknown,
  bare: (run: number) => Promise<unknown> | unknown,
): Promise<{ ours: number[]; bare: number[] }> {
  await ours(0);
  await bare(0);
  const result = { ours: [] as number[], bare: [] as number[] };
  for (let i = 0; i < runs; i++) {
    for (const [fn, into] of [
      [ours, result.ours],
      [bare, result.bare],
    ] as const) {
      const start = performance.now();
      await fn(i);
      into.push(performance.now() - start);
    }
  }
  return result;
}

export interface Figure {
  /** What was measured, e.g. "job list, status filter". */
  measure: string;
  /** Our figure (p99 ms unless `unit` says otherwise) and the bare baseline of the same run. */
  ours: number;
  bare?: number;
  /** The budget in the same unit; met when ours ≤ budget. */
  budget?: number;
  unit?: string;
  /** Anything else worth a column: runs, p50, req/s. */
  note?: string;
}

export class BenchReport {
  private readonly figures: Figure[] = [];
  private readonly loadBefore = loadAverage();
  private readonly started = new Date();

  constructor(
    private readonly name: string,
    private readonly engine: string,
  ) {
    console.log(`${name} on ${engine}; ${cpus().length} cores; load average before: ${this.loadBefore}`);
  }

  add(figure: Figure) {
    this.figures.push(figure);
    const unit = figure.unit ?? 'ms';
    const bare =
      figure.bare === undefined ? '' : `  bare ${figure.bare.toFixed(1)} ${unit} (×${(figure.ours / figure.bare).toFixed(2)})`;
    const budget =
      figure.budget === undefined ? '' : `  budget ${figure.budget} ${unit}: ${figure.ours <= figure.budget ? 'met' : 'OVER'}`;
    console.log(`${figure.measure}: ${figure.ours.toFixed(1)} ${unit}${bare}${budget}${figure.note ? `  (${figure.note})` : ''}`);
  }

  /**
   * Times `ours` beside `bare` (sideBySide) and adds the figure: both p99, p50 and runs in the note.
   * Returns the samples for a bench that wants more of them.
   */
  async compare(
    measure: string,
    runs: number,
    ours: (run: number) => Promise<unknown> | unknown,
    bare: (run: number) => Promise<unknown> | unknown,
    extra: { budget?: number; note?: string } = {},
  ) {
    const samples = await sideBySide(runs, ours, bare);
    const p50 = `p50 ${percentile(samples.ours, 0.5).toFixed(1)} / bare ${percentile(samples.bare, 0.5).toFixed(1)} ms`;
    this.add({
      measure,
      ours: percentile(samples.ours, 0.99),
      bare: percentile(samples.bare, 0.99),
      budget: extra.budget,
      note: [`p99; ${p50}; ${runs} runs`, extra.note].filter(Boolean).join('; '),
    });
    return samples;
  }

  /** Prints the table with the load before and after; appends it to BENCH_RECORD when set. */
  finish(): string {
    const loadAfter = loadAverage();
    const lines = [
      `#### ${this.name}, ${this.engine}, ${this.started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Load average (1 / 5 / 15 min) before: ${this.loadBefore}; after: ${loadAfter}; ${cpus().length} cores; resident memory ${residentMb()} MB.`,
      '',
      '| Measure | Ours | Bare | Ours ÷ bare | Budget | Met | Note |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...this.figures.map((f) => {
        const unit = f.unit ?? 'ms';
        const ratio = f.bare ? (f.ours / f.bare).toFixed(2) : '';
        const met = f.budget === undefined ? '' : f.ours <= f.budget ? 'yes' : 'NO';
        return `| ${f.measure} | ${f.ours.toFixed(1)} ${unit} | ${f.bare === undefined ? '' : `${f.bare.toFixed(1)} ${unit}`} | ${ratio} | ${f.budget === undefined ? '' : `${f.budget} ${unit}`} | ${met} | ${f.note ?? ''} |`;
      }),
      '',
    ];
    const table = lines.join('\n');
    console.log(`\n${table}`);
    const file = process.env.BENCH_RECORD;
    if (file) appendFileSync(file, `${table}\n`);
    return table;
  }
}
