import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { HOME_PATH } from '@/lib/navigation';

/** Unknown addresses (inside the shell). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('common.route.notFoundTitle')}
      subTitle={t('common.route.notFoundText')}
      extra={
        <Link to={HOME_PATH}>
          <Button type="primary">{t('common.route.backHome')}</Button>
        </Link>
      }
    />
  );
}

/**
 * A route's errorElement: the generic loader error of spec §8 when a chunk fails or times out, and
 * the same for anything else a route throws (details stay in the console).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Result
      status="warning"
      title={t('common.route.loadFailedTitle')}
      subTitle={t('common.route.loadFailedText')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.actions.reload')}
        </Button>
      }
    />
  );
}
