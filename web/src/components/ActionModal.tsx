import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';

export interface ActionModalProps {
  title: ReactNode;
  /** Submits the form inside (usually `form.submit`). */
  onOk: () => void;
  onClose: () => void;
  /** Defaults to true: most callers mount the dialog only while it is open. */
  open?: boolean;
  saving?: boolean;
  okText?: ReactNode;
  /** The action cannot be taken back (voiding a payment, for example). */
  danger?: boolean;
  width?: number;
  children: ReactNode;
}

/**
 * A dialog around a form that acts at once (add, rename, void): Cancel, and a guarded OK button
 * (spec §5, 2000 ms). A click outside does not close it, so typed values are not lost by accident.
 * For editing a versioned record that loads first, use FormModal.
 */
export function ActionModal({ title, onOk, onClose, open = true, saving, okText, danger, width, children }: ActionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>,
        <GuardedButton key="ok" type="primary" danger={danger} loading={saving} onClick={onOk}>
          {okText ?? t('common.actions.save')}
        </GuardedButton>,
      ]}
    >
      {children}
    </Modal>
  );
}
