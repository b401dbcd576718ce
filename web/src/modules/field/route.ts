import { useSyncExternalStore } from 'react';

/**
 * The field app's few screens by path (so deep links and the back button work), without a router
 * library on the phone's first load: /field (My day), /field/tomorrow, /field/time, /field/job/12.
 */
export const FIELD_BASE = '/field';

export type FieldRoute =
  | { screen: 'day'; which: 'today' | 'tomorrow' }
  | { screen: 'time' }
  | { screen: 'job'; jobId: number; which: 'today' | 'tomorrow' };

export function parseRoute(pathname: string): FieldRoute {
  const rest = pathname.startsWith(FIELD_BASE) ? pathname.slice(FIELD_BASE.length) : '';
  const parts = rest.split('/').filter(Boolean);
  if (parts[0] === 'time') return { screen: 'time' };
  if (parts[0] === 'tomorrow' && parts[1] === 'job' && Number(parts[2]) > 0) {
    return { screen: 'job', jobId: Number(parts[2]), which: 'tomorrow' };
  }
  if (parts[0] === 'job' && Number(parts[1]) > 0) return { screen: 'job', jobId: Number(parts[1]), which: 'today' };
  return { screen: 'day', which: parts[0] === 'tomorrow' ? 'tomorrow' : 'today' };
}

export function pathOf(route: FieldRoute): string {
  switch (route.screen) {
    case 'time':
      return `${FIELD_BASE}/time`;
    case 'job':
      return `${FIELD_BASE}${route.which === 'tomorrow' ? '/tomorrow' : ''}/job/${route.jobId}`;
    case 'day':
      return route.which === 'tomorrow' ? `${FIELD_BASE}/tomorrow` : `${FIELD_BASE}/`;
  }
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function navigate(route: FieldRoute, replace = false): void {
  const path = pathOf(route);
  if (replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

export function useRoute(): FieldRoute {
  const pathname = useSyncExternalStore(subscribe, () => window.location.pathname);
  return parseRoute(pathname);
}
