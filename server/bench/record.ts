/**
 * Keeps the dated bench runs in docs/performance.md (issue 25): a run (the tables the benches of one
 * `npm run bench` appended to BENCH_RECORD) goes under the one heading "## Dated bench runs", newest
 * first; older runs and the rest of the document are kept as they are, byte for byte.
 * Run: tsx bench/record.ts <record file> [document] (bench/all.ts calls it after the benches).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const RUNS_HEADING = '## Dated bench runs';

const INTRO =
  'Written by `npm run bench` (server/bench/all.ts, server/bench/record.ts), newest first; older runs are never rewritten. ' +
  'Read each figure beside its bare baseline and the load average of its bench (see the top of this document).';

/** The heading and the date line of one run; `tables` is what the benches appended to BENCH_RECORD. */
export function formatRun(tables: string, at: Date, context: string): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `### Run of ${when}\n\n${context}\n\n${tables.trim()}\n`;
}

/** The document with `run` inserted first under RUNS_HEADING (the heading made at the end if missing). */
export function insertRun(doc: string, run: string): string {
  const block = `${run.trim()}\n`;
  const lines = doc.split('\n');
  const at = lines.findIndex((line) => line.trimEnd() === RUNS_HEADING);
  if (at < 0) return `${doc.trimEnd()}\n\n${RUNS_HEADING}\n\n${INTRO}\n\n${block}`;
  // The section runs to the next level-2 heading; the new run goes before its first run (### …),
  // or at its end when it holds none yet.
  let end = lines.findIndex((line, i) => i > at && line.startsWith('## '));
  if (end < 0) end = lines.length;
  const first = lines.findIndex((line, i) => i > at && i < end && line.startsWith('### '));
  if (first >= 0) return [...lines.slice(0, first), ...block.split('\n'), ...lines.slice(first)].join('\n');
  const before = lines.slice(0, end).join('\n').trimEnd();
  const after = lines.slice(end).join('\n');
  return after ? `${before}\n\n${block}\n${after}` : `${before}\n\n${block}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [recordFile, docFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/performance.md')] =
    process.argv.slice(2);
  if (!recordFile) throw new Error('usage: tsx bench/record.ts <record file> [document]');
  const tables = readFileSync(recordFile, 'utf8');
  if (!tables.trim()) console.log('no bench table in the record: the document is unchanged');
  else {
    writeFileSync(docFile, insertRun(readFileSync(docFile, 'utf8'), formatRun(tables, new Date(), 'Recorded by hand.')));
    console.log(`recorded the run in ${docFile}`);
  }
}
