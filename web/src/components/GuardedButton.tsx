import { BUTTON_GUARD_MS } from '@tidyhouse/contract';
import { Button, type ButtonProps } from 'antd';
import { type MouseEvent, useEffect, useRef, useState } from 'react';

export interface GuardedButtonProps extends ButtonProps {
  /** How long the button stays disabled after a click (spec §5: 2000 ms). */
  guardMs?: number;
}

/** A button that triggers an action: disabled for BUTTON_GUARD_MS after each click (spec §5). */
export function GuardedButton({ onClick, disabled, guardMs = BUTTON_GUARD_MS, ...rest }: GuardedButtonProps) {
  const [guarded, setGuarded] = useState(false);
  const guarding = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const handleClick = (event: MouseEvent<HTMLElement>) => {
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

  return <Button {...rest} disabled={disabled || guarded} onClick={handleClick} />;
}
