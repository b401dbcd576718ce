import { Alert, Button, Card, Form, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import type { RecordForm, Versioned } from '@/components/useRecordForm';

/** One section of Location Parameters: a form that loads its record, saves it, and shows loading and errors. */
export function SettingsCard<Values, Rec extends Versioned>({
  title,
  recordForm,
  children,
  testId,
}: {
  title: ReactNode;
  recordForm: RecordForm<Values, Rec>;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { form, loading, loadFailed, retry, saving, onFinish } = recordForm;
  return (
    <Card title={title} data-testid={testId}>
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
      <Spin spinning={loading}>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          disabled={loadFailed}
          scrollToFirstError
          style={{ maxWidth: 880 }}
        >
          {children}
          <GuardedButton type="primary" htmlType="submit" loading={saving} disabled={loading || loadFailed}>
            {t('common.actions.save')}
          </GuardedButton>
        </Form>
      </Spin>
    </Card>
  );
}
