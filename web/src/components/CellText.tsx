import type { ReactNode } from 'react';

/**
 * A table cell's long text (a recurrence in words, an address, a reason) that wraps within `max`
 * pixels instead of widening its column: the lists size columns to their content (`max-content`),
 * and one long text would push the last columns off a 1600 px screen.
 */
export function CellText({ children, max = 220, secondary }: { children: ReactNode; max?: number; secondary?: ReactNode }) {
  return (
    <div style={{ maxWidth: max, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {children}
      {secondary ? <div style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{secondary}</div> : null}
    </div>
  );
}
