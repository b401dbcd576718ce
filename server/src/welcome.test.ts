import { describe, expect, it } from 'vitest';
import type { SeededUser } from './modules/employees/employees.seed';
import { printWelcome, welcomeText } from './welcome';

const demoUsers: SeededUser[] = [{ uname: 'office', name: 'Linda Chen', role: 'Office Manager' }];

describe('the first start welcome', () => {
  it('shows a generated administrator password once, on the terminal', () => {
    const written: string[] = [];
    printWelcome(
      'http://localhost:8080/',
      { admin: { uname: 'admin', generatedPassword: 'Gen-3rated-pw' }, demoUsers },
      {
        write: (text: string) => written.push(text),
      },
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('password "Gen-3rated-pw"');
    expect(written[0]).toContain('shown only once');
  });

  it('never prints a password the operator set with ADMIN_PASSWORD', () => {
    const text = welcomeText('http://localhost:8080/', { admin: { uname: 'admin', generatedPassword: null }, demoUsers });
    expect(text).toContain('the password set in ADMIN_PASSWORD');
    expect(text).not.toMatch(/password "/);
  });

  it('prints no administrator line on a later start', () => {
    expect(welcomeText('http://x/', { admin: null, demoUsers: [] })).toBe('Tidyhouse is running at http://x/\n');
  });
});
