/**
 * Zod probes `new Function` to compile faster validators; the content security policy forbids eval,
 * and the probe would be reported as a violation. Validation works the same without it.
 *
 * Zod keeps its global configuration on `globalThis.__zod_globalConfig` (shared by every copy of Zod)
 * and adopts an object already there. Setting `jitless` on it here, first thing in the entry,
 * configures Zod before any schema runs without making Zod part of the login page's first load.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
