import fs from 'node:fs';
import path from 'node:path';
import { FIELD_LABELS_ES, isMessageKey, MESSAGES_ES, VALUE_TITLES_ES } from '@tidyhouse/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../src/modules/auth/auth.routes';
import { FIELD_MESSAGES_ES } from '../src/modules/field/field.messages.es';
import { fieldRoutes } from '../src/modules/field/field.routes';
import type { Deps } from '../src/platform/deps';
import { translate } from '../src/platform/messages';

/**
 * Spanish answers of the field calls (issue 21): everything a `/field/*` call or the phone's `/login`
 * can answer has Spanish. The set is derived, not listed: the calls' input schemas (as registered),
 * and the message keys in the sources those calls run through.
 */

const SERVER = path.resolve(__dirname, '..');
const CONTRACT = path.resolve(SERVER, '../contract/src');

/** The routes the field app calls, with their Zod inputs, registered on a bare app (no database needed). */
async function fieldCallRoutes(): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = [];
  const app = Fastify();
  app.addHook('onRoute', (route) => void routes.push(route));
  const deps = {} as Deps;
  await fieldRoutes(app, deps);
  await authRoutes(app, deps);
  return routes.filter((r) => r.url.startsWith('/field/') || r.url === '/login');
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** Field names, enum values and message keys (from `error` options) of a Zod schema. */
function walkSchema(schema: unknown, found: { names: Set<string>; values: Set<string>; keys: Set<string> }, seen = new Set()) {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  const errorKeys = (error: unknown) => {
    if (typeof error !== 'function') return;
    for (const issue of [
      { code: 'invalid_type', input: undefined },
      { code: 'custom', input: '' },
    ]) {
      const key = (error as (i: unknown) => unknown)(issue);
      if (typeof key === 'string' && isMessageKey(key)) found.keys.add(key);
    }
  };
  errorKeys(def.error);
  for (const check of (def.checks ?? []) as unknown[]) errorKeys(defOf(check)?.error);
  if (def.type === 'object') {
    for (const [name, child] of Object.entries(def.shape as Record<string, unknown>)) {
      found.names.add(name);
      walkSchema(child, found, seen);
    }
  }
  if (def.type === 'enum') for (const v of Object.values(def.entries as Record<string, unknown>)) found.values.add(String(v));
  if (def.type === 'literal') for (const v of def.values as unknown[]) found.values.add(String(v));
  for (const key of ['innerType', 'in', 'out', 'element', 'valueType']) walkSchema(def[key], found, seen);
  for (const option of (def.options ?? []) as unknown[]) walkSchema(option, found, seen);
}

/** The field module's sources, and the files they import directly (the services whose refusals they pass on). */
function fieldSources(): string[] {
  const dir = path.join(SERVER, 'src/modules/field');
  const own = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !/\.(test|fixtures|endpoints|messages(\.es)?)\.ts$/.test(f))
    .map((f) => path.join(dir, f));
  const imported = own.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)]
      .map((m) => `${path.resolve(path.dirname(file), m[1]!)}.ts`)
      .filter((f) => fs.existsSync(f) && !f.startsWith(dir)),
  );
  // The sign-in, the session and permission gate, the error handler and the text guard every call meets.
  const gate = [
    'src/modules/auth/auth.service.ts',
    'src/platform/auth-hook.ts',
    'src/platform/sessions.ts',
    'src/platform/account-state.ts',
    'src/platform/http.ts',
    'src/platform/text-guard.ts',
  ].map((f) => path.join(SERVER, f));
  const contract = fs.readdirSync(path.join(CONTRACT, 'field')).map((f) => path.join(CONTRACT, 'field', f));
  // The message tables themselves name every key: only the places that raise one count.
  return [...new Set([...own, ...imported, ...gate, ...contract])].filter((f) => !/(messages|spanish)\.ts$/.test(f));
}

/** Quoted literals that are message keys of the server (a translation differs from the key itself). */
function messageKeysIn(files: string[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of files) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)) {
      const key = m[1]!;
      if (translate('en', key) !== key && !keys.has(key)) keys.set(key, path.relative(SERVER, file));
    }
  }
  return keys;
}

const hasSpanish = (key: string) => Object.hasOwn(FIELD_MESSAGES_ES, key) || Object.hasOwn(MESSAGES_ES, key);

describe('Spanish answers of the field calls', () => {
  it('has Spanish for every message key the field calls and the sign-in can raise', () => {
    const keys = messageKeysIn(fieldSources());
    // The scan must reach the field actions, the closed-day refusal and the sign-in at all.
    for (const key of ['fieldActions.conflictJob', 'office.dayClosed', 'timeCards.periodApproved', 'auth.badCredentials']) {
      expect(keys.has(key), key).toBe(true);
    }
    expect([...keys].filter(([key]) => !hasSpanish(key)).map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });

  it('has a Spanish label, value title and message for every field, value and rule of the field inputs', async () => {
    const routes = await fieldCallRoutes();
    expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/field/sync', '/field/punch', '/login']));
    const found = { names: new Set<string>(), values: new Set<string>(), keys: new Set<string>() };
    for (const route of routes) {
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
      walkSchema(schema?.body ?? schema?.querystring, found);
    }
    expect(found.names.has('restBreaksTaken')).toBe(true);
    expect(found.keys.has('validation.userNameRequired')).toBe(true);
    expect([...found.names].filter((name) => !Object.hasOwn(FIELD_LABELS_ES, name))).toEqual([]);
    expect([...found.values].filter((value) => !Object.hasOwn(VALUE_TITLES_ES, value))).toEqual([]);
    expect([...found.keys].filter((key) => !hasSpanish(key))).toEqual([]);
  });

  it('answers other keys in English, and never in Spanish for a back-office language', () => {
    expect(translate('es', 'fieldActions.notClockedIn')).toBe('No ha marcado la entrada.');
    expect(translate('es', 'jobs.exportTooLarge', { max: 5 })).toBe(translate('en', 'jobs.exportTooLarge', { max: 5 }));
    expect(translate('es', 'fieldActions.conflictPunch', { kind: 'fieldActions.meal' })).toContain('el descanso de comida');
  });
});
