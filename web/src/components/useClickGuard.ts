import { BUTTON_GUARD_MS } from '@tidyhouse/contract';
import { type MouseEvent, useEffect, useRef, useState } from 'react';

/**
 * The spec §5 guard of an action button: after a click it ignores clicks and reports `guarded`
 * (to disable the button) for `guardMs`. Shared by GuardedButton and the login page's plain button.
 */
export function useClickGuard<E extends HTMLElement>(
  onClick: ((event: MouseEvent<E>) => void) | undefined,
  guardMs = BUTTON_GUARD_MS,
) {
  const [guarded, setGuarded] = useState(false);
  const guarding = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const handleClick = (event: MouseEvent<E>) => {
    if (guarding.current) {
      event.preventDefault();
      return;
    }
    guarding.current = true;
    onClick?.(event);
    // Disabled on the next task: a submit button disabled during its own click would not submit.
    timers.current.push(
      setTimeout(() => setGuarded(true), 0),
      setTimeout(() => {
        guarding.current = false;
        setGuarded(false);
      }, guardMs),
    );
  };
  return { guarded, handleClick };
}
