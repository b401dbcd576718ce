import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { GuardedButton, type GuardedButtonProps } from '@/components/GuardedButton';

export interface IconActionProps extends Omit<GuardedButtonProps, 'children' | 'icon'> {
  /** The action's name: its tooltip and accessible name. */
  label: string;
  icon: ReactNode;
}

/** A compact guarded action (table rows, board chips): only its icon, named by a tooltip. */
export function IconAction({ label, icon, type = 'text', size = 'small', ...rest }: IconActionProps) {
  return (
    <Tooltip title={label}>
      <GuardedButton type={type} size={size} icon={icon} aria-label={label} {...rest} />
    </Tooltip>
  );
}
