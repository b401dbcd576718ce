/**
 * The field app (issue 21): the crew's phone app at /field, its own Vite entry (web/field.html) and
 * chunks. It never imports antd (desktop) or the back office's shell: its UI kit is antd-mobile.
 *
 * Stable test ids (browser tests and the bench, e2e/):
 * - sign-in: login-uname, login-password, login-submit, login-error; languages lang-en, lang-es, lang-zh
 *   (also in the settings sheet)
 * - shell: tab-day, tab-time, open-settings, sign-out, settings-close, outbox-badge (data-pending = waiting
 *   count), offline-banner, sync-attention (conflicts/refusals, each <p data-status>), sync-attention-close
 * - outbox sheet: outbox-list, outbox-entry (data-status pending|applied|duplicate|conflict|refused,
 *   data-kind), outbox-send-now
 * - My day: day-screen, day-today, day-tomorrow, team, read-only-banner, job-card-{id} (data-state),
 *   job-map-{id}, job-open-{id}
 * - the job: job-screen (data-state), job-state, job-map, job-phone, job-check-in, job-done,
 *   job-done-confirm, job-check-out, job-reveal-{key|alarm|gate}, job-code-{kind}, job-houseNotes,
 *   job-preferences, job-pets, job-notes, job-checklist, checklist-item-{id}, job-photos,
 *   photo-input-before, photo-input-after, photo-{id}, photo-waiting, photo-message, job-note,
 *   job-note-send
 * - Time: time-screen, time-status (data-status clockedIn|clockedOut|onMeal), meal-reminder (data-due),
 *   punch-clockIn, punch-mealStart, punch-mealEnd, punch-clockOut, rest-yes, rest-no
 */
import './i18n';
import './field.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from '@/lib/auth';
import { FieldApp } from './App';
import { apiTransport, indexedDbStore, keepSending, Outbox } from './outbox';
import { preloadToday } from './useDay';

// Signed in: ask for today while React starts (the slowest part of a phone's first screen is the network).
if (getToken()) preloadToday();

const outbox = new Outbox(indexedDbStore(), apiTransport);
keepSending(outbox);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FieldApp outbox={outbox} />
  </StrictMode>,
);

// The app shell offline (vite-plugin-pwa's service worker, scope /field/). Registered by hand: the
// plugin's HTML injection would touch the back office's index.html too.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/field-sw.js', { scope: '/field/' }).catch(() => undefined);
  });
}
