import { Alert, Button, Form, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import type { RecordForm, Versioned } from '@/components/useRecordForm';

export interface FormModalProps<Values, Rec extends Versioned> {
  title: ReactNode;
  /** From `useRecordForm` (with `reloadAfterSave: false` and `onSaved` closing the modal). */
  recordForm: RecordForm<Values, Rec>;
  onClose: () => void;
  /** Starting values of a new record. */
  initialValues?: Partial<Values>;
  width?: number;
  /** The Form.Items. */
  children: ReactNode;
  /** Shown under the title, above the form (a warning, for example). */
  extra?: ReactNode;
}

/**
 * The add / edit dialog of a record: a vertical form, a loading state while the record loads, an error
 * with a retry when it cannot, and a guarded save button. Render it only while it is open, so each
 * opening starts from the record as it is now.
 */
export function FormModal<Values, Rec extends Versioned>({
  title,
  recordForm,
  onClose,
  initialValues,
  width = 560,
  children,
  extra,
}: FormModalProps<Values, Rec>) {
  const { t } = useTranslation();
  const { form, loading, loadFailed, retry, saving, onFinish } = recordForm;
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>,
        <GuardedButton
          key="save"
          type="primary"
          loading={saving}
          disabled={loading || loadFailed}
          onClick={() => form.submit()}
          data-testid="form-modal-save"
        >
          {t('common.actions.save')}
        </GuardedButton>,
      ]}
    >
      {loadFailed ? (
        <Alert
          type="error"
          showIcon
          title={t('common.form.loadFailed')}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={retry}>
              {t('common.actions.retry')}
            </Button>
          }
        />
      ) : null}
      {extra}
      <Spin spinning={loading}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          disabled={loadFailed}
          scrollToFirstError
        >
          {children}
        </Form>
      </Spin>
    </Modal>
  );
}
