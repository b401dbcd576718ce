// The field app asks for today's day as soon as its page arrives, while its JavaScript is still on the
// way: on a slow phone network that saves a whole round trip before My day shows. The app takes this
// answer when it matches what it would have asked (web/src/modules/field/useDay.ts, preloadToday);
// otherwise, or when this file cannot load (offline), it asks as usual. A classic script: the page's
// security policy allows no inline script.
(() => {
  try {
    const token = localStorage.getItem('token');
    if (!token || /[?&](tk|team)=/.test(location.search) || sessionStorage.getItem('fieldTeam')) return;
    // The phone's language as the app picks it (field/i18n.ts initialFieldLocale): kept, the office's, the phone's, English.
    const known = ['en', 'es', 'zh'];
    const stored = [localStorage.getItem('fieldLocale'), localStorage.getItem('locale')].find((l) => known.includes(l));
    const phone = (navigator.languages || []).map((l) => l.slice(0, 2).toLowerCase()).find((l) => known.includes(l));
    const lang = stored || phone || 'en';
    window.__fieldDayEarly = {
      at: Date.now(),
      lang,
      token,
      response: fetch('/_/field/myDay', {
        method: 'POST',
        headers: { 'Accept-Language': lang, 'Content-Type': 'application/json', Authorization: token },
        body: '{}',
      }),
    };
    window.__fieldDayEarly.response.catch(() => undefined);
  } catch {
    // No storage, no fetch: the app asks itself.
  }
})();
