import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The error state of a screen part whose query failed: the message and a retry of that query. */
export function LoadFailed({ title, onRetry }: { title?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title ?? t('common.form.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.actions.retry')}
        </Button>
      }
    />
  );
}
