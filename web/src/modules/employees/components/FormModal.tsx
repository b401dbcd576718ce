import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';

export interface FormModalProps {
  title: ReactNode;
  /** Submits the form inside (usually `form.submit`). */
  onOk: () => void;
  onClose: () => void;
  saving?: boolean;
  okText?: ReactNode;
  width?: number;
  children: ReactNode;
}

/**
 * A dialog around a form of this domain: Cancel, and a guarded OK button (spec §5, 2000 ms). Rendered
 * only while needed (the caller mounts it when it opens), so each opening starts from fresh values.
 */
export function FormModal({ title, onOk, onClose, saving, okText, width, children }: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>,
        <GuardedButton key="ok" type="primary" loading={saving} onClick={onOk}>
          {okText ?? t('employees.actions.save')}
        </GuardedButton>,
      ]}
    >
      {children}
    </Modal>
  );
}
