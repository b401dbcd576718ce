import type { CausedConflicts } from '@tidyhouse/contract';

/**
 * The schedule conflicts a write caused (issue 20): it saved all the same, and the office learns at
 * once, in the server's sentence (the caller's language). Outside React, like lib/notify. Takes any
 * write's answer: those that place people or jobs carry `conflicts`.
 */
export function showCausedConflicts(answer: unknown): void {
  const conflicts = (answer as Partial<CausedConflicts> | null | undefined)?.conflicts ?? [];
  if (conflicts.length === 0) return;
  void import('antd/es/message').then(({ default: message }) => {
    for (const c of conflicts) void message.warning({ content: c.message, key: c.key, duration: 8 });
  });
}
