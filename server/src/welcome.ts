import type { SeedReport } from './seed/seed';

/**
 * What the first start prints on the terminal. A generated administrator password is shown here
 * once, written straight to stdout and never through the logger; a password the operator set with
 * ADMIN_PASSWORD is never printed.
 */
export function welcomeText(url: string, report: SeedReport): string {
  const lines = [`Tidyhouse is running at ${url}`];
  const admin = report.admin;
  if (admin?.generatedPassword) {
    lines.push(`Administrator login: user name "${admin.uname}", password "${admin.generatedPassword}"`);
    lines.push('  (generated now and shown only once: write it down, or set ADMIN_PASSWORD before the first start)');
  } else if (admin) {
    lines.push(`Administrator login: user name "${admin.uname}", with the password set in ADMIN_PASSWORD`);
  }
  if (report.demoUsers.length) {
    lines.push('Demo users (same password as the administrator):');
    for (const user of report.demoUsers) lines.push(`  ${user.uname.padEnd(18)} ${user.name.padEnd(18)} ${user.role}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Prints the welcome on the terminal (stdout itself, not a log line). */
export function printWelcome(url: string, report: SeedReport, out: { write(text: string): unknown } = process.stdout): void {
  out.write(welcomeText(url, report));
}
