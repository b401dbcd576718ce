import { BUTTON_GUARD_MS } from '@tidyhouse/contract';
import { Button, type ButtonProps } from 'antd';
import { useClickGuard } from './useClickGuard';

export interface GuardedButtonProps extends ButtonProps {
  /** How long the button stays disabled after a click (spec §5: 2000 ms). */
  guardMs?: number;
}

/** A button that triggers an action: disabled for BUTTON_GUARD_MS after each click (spec §5). */
export function GuardedButton({ onClick, disabled, guardMs = BUTTON_GUARD_MS, ...rest }: GuardedButtonProps) {
  const { guarded, handleClick } = useClickGuard<HTMLElement>(onClick, guardMs);
  return <Button {...rest} disabled={disabled || guarded} onClick={handleClick} />;
}
