import { useTranslation } from 'react-i18next';

/**
 * Shown while the first route resolves (the root route's HydrateFallback). A ring drawn by
 * global.css (`.page-loading`) rather than antd Spin, whose component and styles the login page would
 * otherwise download for this moment alone.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-label={t('common.route.loading')}>
      <span className="page-loading-ring" />
    </div>
  );
}
