import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 20: team names already hold the word ("Team Coral"), so a template that puts "team" / "团队"
 * before a team's name reads "Team Team Coral". Every message template of the product — server
 * messages, the contract's audit texts and messages, the screens' locale files — names a team by its
 * name alone (a Chinese label may keep 团队 before a colon).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['server/src', 'contract/src', 'web/src'];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
    const template = /\.messages\.ts$|[/\\]messages\.ts$|audit-texts\.ts$|locales[/\\](en|zh)\.json$/.test(full);
    return template ? [full] : [];
  });
}

/** "team {team}", "Team {{name}}", "团队 {team}", "team ${team.name}": the word, then the team's name. */
const DOUBLED =
  /\b[Tt]eam\s+(\{\{?(team|teamName|name)\}?\}|\$\{[^}]*name\})|团队\s*(\{\{?(team|teamName|name)\}?\}|\$\{[^}]*name\})/g;

describe('team names in messages', () => {
  it('are never preceded by the word "team"', () => {
    const found = SOURCES.flatMap((source) => files(path.join(ROOT, source))).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.match(DOUBLED) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('finds the pattern it guards against', () => {
    expect('Moved {name} to team {team}'.match(DOUBLED)).not.toBeNull();
    expect('"title": "Outages of team {{name}}"'.match(DOUBLED)).not.toBeNull();
    expect("'{team} 在 {date} 停工'".match(DOUBLED)).toBeNull();
    expect('"团队 {{name}} 已删除。"'.match(DOUBLED)).not.toBeNull();
  });
});
