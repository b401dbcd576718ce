import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from './messages';

describe('server messages count by plural rules (issue 23 item 5)', () => {
  it('say "1 user" and "2 users", "1 member" and "3 members"; Chinese counts with its measure word', () => {
    expect(translate('en', 'roles.inUse', { count: 1 })).toBe(
      'The role is held by 1 user. Give them another role before removing it.',
    );
    expect(translate('en', 'roles.inUse', { count: 2 })).toContain('held by 2 users.');
    expect(translate('en', 'employees.teamHasMembers', { name: 'Blue', count: 1 })).toContain('still has 1 member:');
    expect(translate('en', 'employees.teamHasMembers', { name: 'Blue', count: 3 })).toContain('still has 3 members:');
    expect(translate('zh', 'roles.inUse', { count: 1 })).toContain('仍有 1 名用户');
  });

  it('never write "(s)" in a message file', () => {
    const src = path.resolve(__dirname, '..');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file === path.join('platform', 'messages.ts') || file.endsWith('.messages.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(fs.readFileSync(path.join(src, file), 'utf8'), file).not.toMatch(/\w\((s|es|ies)\)/);
  });
});
