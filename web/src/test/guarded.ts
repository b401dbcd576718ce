import { fireEvent, waitFor } from '@testing-library/react';
import { BUTTON_GUARD_MS } from '@tidyhouse/contract';
import { expect } from 'vitest';

let lastClickAt = 0;

/**
 * Clicks a GuardedButton the way a person does a second time: once the spec's guard of the previous
 * click is over. A click inside the guard is swallowed on purpose, so a test that clicks again too soon
 * would pass or fail on how fast the machine happens to be.
 */
export async function clickGuarded(findButton: () => HTMLElement): Promise<void> {
  await waitFor(
    () => {
      expect(Date.now() - lastClickAt).toBeGreaterThan(BUTTON_GUARD_MS);
      const button = findButton().closest('button');
      expect(button?.disabled).toBe(false);
    },
    { timeout: BUTTON_GUARD_MS + 15_000 },
  );
  fireEvent.click(findButton());
  lastClickAt = Date.now();
}
