import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from '@tidyhouse/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { getToken, subscribeSession } from '@/lib/auth';
import { ApiError, isShownError, RequestTimeoutError } from '@/lib/http';
import { i18n, useLocale } from '@/lib/i18n';
import { showError } from '@/lib/notify';

/** One generic message for failures the http client has not already explained to the user. */
function showUnexplained(error: unknown): void {
  if (!isShownError(error)) showError(i18n.t('common.http.failed'));
}

/**
 * One retry, and only when the request never got the server's answer (network, proxy): an envelope
 * code will not change on retry, and a timed-out request has already made the user wait 30 s.
 */
function retryTransportFailureOnce(failures: number, error: unknown): boolean {
  return failures < 1 && !(error instanceof ApiError) && !(error instanceof RequestTimeoutError);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: showUnexplained }),
    mutationCache: new MutationCache({ onError: showUnexplained }),
    defaultOptions: {
      queries: { retry: retryTransportFailureOnce, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

/** Server data belongs to the session: when the token goes, so does everything cached with it. */
function useDropCacheOnLogout(queryClient: QueryClient): void {
  useEffect(
    () =>
      subscribeSession(() => {
        if (!getToken()) queryClient.clear();
      }),
    [queryClient],
  );
}

/** Server answers carry the request's language (role names, messages): ask again after a switch. */
function useRefetchOnLanguageChange(queryClient: QueryClient, locale: Locale): void {
  const previous = useRef(locale);
  useEffect(() => {
    if (previous.current === locale) return;
    previous.current = locale;
    // Invalidating keeps what is on screen until the new answer arrives, so nothing flickers.
    void queryClient.invalidateQueries();
  }, [queryClient, locale]);
}

/** What every route needs: server data and its session and language rules (antd: AntdProviders, in the shell). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const locale = useLocale();
  useDropCacheOnLogout(client);
  useRefetchOnLanguageChange(client, locale);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
