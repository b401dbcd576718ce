import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { withChunkTimeout } from '@/lib/lazyPage';

/**
 * The error pages use antd Result (with its illustrations), which the first load of /login does not
 * need: they load on first use. When even that chunk cannot be loaded (the network is what failed),
 * a plain page says the same thing.
 */
function PlainLoadFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <h2>{t('common.route.loadFailedTitle')}</h2>
      <p>{t('common.route.loadFailedText')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('common.actions.retry')}
      </button>
    </div>
  );
}

function lazyErrorPage(pick: (pages: typeof import('./ErrorPages')) => ComponentType) {
  return lazy(() =>
    withChunkTimeout(import('./ErrorPages')).then(
      (pages) => ({ default: pick(pages) }),
      () => ({ default: PlainLoadFailed }),
    ),
  );
}

const LazyNotFound = lazyErrorPage((pages) => pages.NotFoundPage);
const LazyLoadFailed = lazyErrorPage((pages) => pages.LoadFailedPage);
const LazyNoAccess = lazyErrorPage((pages) => pages.NoAccessPage);

/** Unknown addresses (inside the shell). */
export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <LazyNotFound />
    </Suspense>
  );
}

/** A screen the user's menu does not include, opened by its address. */
export function NoAccessPage() {
  return (
    <Suspense fallback={null}>
      <LazyNoAccess />
    </Suspense>
  );
}

/** The generic loader error of spec §8: a page's chunk failed or timed out (router.tsx lazyComponent). */
export function LoadFailedPage() {
  return (
    <Suspense fallback={null}>
      <LazyLoadFailed />
    </Suspense>
  );
}

/** A route's errorElement: the same page for anything else a route throws (details stay in the console). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <NoAccessPage />;
  console.error(error);
  return <LoadFailedPage />;
}
