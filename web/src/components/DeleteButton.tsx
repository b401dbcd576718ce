import { DeleteOutlined } from '@ant-design/icons';
import { App, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton, type GuardedButtonProps } from '@/components/GuardedButton';

type OnConfirm = () => unknown;

/**
 * Returns `confirmDelete(onConfirm)`: asks 'Are you sure you want to delete?' (spec §5) and calls
 * onConfirm only when the user agrees. A returned promise keeps the OK button loading until it settles.
 */
export function useConfirmDelete(): (onConfirm: OnConfirm) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (onConfirm: OnConfirm) => {
      modal.confirm({
        title: t('validation.confirmDelete'),
        okText: t('common.actions.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common.actions.cancel'),
        // A failed delete has already shown its message; the dialog closes either way.
        onOk: () => Promise.resolve(onConfirm()).catch(() => undefined),
      });
    },
    [modal, t],
  );
}

export interface DeleteButtonProps extends Omit<GuardedButtonProps, 'onClick'> {
  onConfirm: OnConfirm;
  /** Only the icon (compact rows, card headers): the label becomes a tooltip and the accessible name. */
  iconOnly?: boolean;
}

/** A guarded delete button that asks for confirmation before calling onConfirm. */
export function DeleteButton({ onConfirm, children, iconOnly = false, ...buttonProps }: DeleteButtonProps) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  const label = children ?? t('common.actions.delete');
  const button = (
    <GuardedButton
      danger
      icon={<DeleteOutlined />}
      aria-label={iconOnly && typeof label === 'string' ? label : undefined}
      {...buttonProps}
      onClick={() => confirmDelete(onConfirm)}
    >
      {iconOnly ? null : label}
    </GuardedButton>
  );
  return iconOnly ? <Tooltip title={label}>{button}</Tooltip> : button;
}
