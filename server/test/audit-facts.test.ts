import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Guard (issue 8 item 9): every operation log entry a module writes carries its facts (`details`), so
 * the log reads in the viewer's language. It reads the source: each `audit(tx, request, {…})` call's
 * object must name `details`. Every module is converted (the service module's jobs and tasks last),
 * so the exemption list is empty: a new call without facts anywhere fails.
 */
const MODULES = path.resolve(import.meta.dirname, '../src/modules');
const NOT_YET_CONVERTED = new Set<string>();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text of each `audit(tx, request, …)` call, parentheses balanced. */
function auditCalls(source: string): string[] {
  const calls: string[] = [];
  for (
    let start = source.indexOf('audit(tx, request, {');
    start >= 0;
    start = source.indexOf('audit(tx, request, {', start + 1)
  ) {
    let depth = 0;
    for (let i = source.indexOf('(', start); i < source.length; i++) {
      if (source[i] === '(') depth++;
      else if (source[i] === ')' && --depth === 0) {
        calls.push(source.slice(start, i + 1));
        break;
      }
    }
  }
  return calls;
}

describe('operation log facts', () => {
  it('every audit call outside the listed files names its details', () => {
    const missing = sourceFiles(MODULES).flatMap((file) => {
      const relative = path.relative(MODULES, file);
      if (NOT_YET_CONVERTED.has(relative)) return [];
      return auditCalls(fs.readFileSync(file, 'utf8'))
        .filter((call) => !/\bdetails\b/.test(call))
        .map((call) => `${relative}: ${/action: ([^,\n]+)/.exec(call)?.[1] ?? call.slice(0, 80)}`);
    });
    expect(missing).toEqual([]);
  });

  it('finds the calls it guards (the scan itself works)', () => {
    const all = sourceFiles(MODULES).flatMap((file) => auditCalls(fs.readFileSync(file, 'utf8')));
    expect(all.length).toBeGreaterThan(60);
    expect(auditCalls("audit(tx, request, { module: 'x', action: f('y'), summary: 'z' });")).toHaveLength(1);
  });
});
