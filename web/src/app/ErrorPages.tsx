import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/auth';
import { HOME_PATH } from '@/lib/navigation';
import { homePathOf } from './guards';

/** Unknown addresses (inside the shell); loaded through RouteError.tsx only when needed. */
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

/** The generic loader error of spec §8 (a chunk failed or timed out, or a route threw). */
export function LoadFailedPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.route.loadFailedTitle')}
      subTitle={t('common.route.loadFailedText')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.actions.retry')}
        </Button>
      }
    />
  );
}

/** A screen the user's menu does not include, opened by its address: say so, and offer the way home. */
export function NoAccessPage() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  return (
    <Result
      status="403"
      title={t('common.route.noAccessTitle')}
      subTitle={t('common.route.noAccessText')}
      extra={
        <Link to={homePathOf(userInfo)}>
          <Button type="primary">{t('common.route.home')}</Button>
        </Link>
      }
      data-testid="no-access"
    />
  );
}
