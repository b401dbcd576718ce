import { pageLoaders } from '@/lib/lazyPage';

/** The screens this module renders, by their menu url; each page is its own chunk. */
export const marketingPages = pageLoaders(() => import('./strings'), {
  '/marketing/channellist': () => import('./pages/CampaignListPage'),
  '/marketing/giftcertificate': () => import('./pages/GiftCertificatePage'),
});
