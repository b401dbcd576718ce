import { DeleteOutlined } from '@ant-design/icons';
import { App } from 'antd';
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
}

/** A guarded delete button that asks for confirmation before calling onConfirm. */
export function DeleteButton({ onConfirm, children, ...buttonProps }: DeleteButtonProps) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  return (
    <GuardedButton danger icon={<DeleteOutlined />} {...buttonProps} onClick={() => confirmDelete(onConfirm)}>
      {children ?? t('common.actions.delete')}
    </GuardedButton>
  );
}
