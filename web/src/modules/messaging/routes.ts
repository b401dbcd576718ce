import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const messagingPages = pageLoaders(() => import('./strings'), {
  '/sys/messagetemplate': () => import('./pages/MessageTemplatesPage'),
  '/office/messages': () => import('./pages/CustomerMessagesPage'),
});
