import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * jsdom's getComputedStyle matches every CSS rule in the document against the element, through
 * nwsapi, which keeps its compiled selectors in an LRU cache of 1000. antd's CSS-in-JS puts some 2,500
 * rules in a page, so each walk evicts what the next one needs: every match parses and compiles its
 * selector again, and one `getByRole` (which asks the style of every candidate and its ancestors) took
 * 25 s on a busy machine. The same nwsapi with a cache that holds every rule matches the same way,
 * several times faster. Installed on the test file's document before anything matched.
 */
const CACHE_LIMIT = 'CACHE_LIMIT = 1000,';

type Nwsapi = { configure(flags: Record<string, boolean>): void };
type NwsapiFactory = (options: { document: Document; DOMException: typeof DOMException }) => Nwsapi;

function nwsapiWithRoomForEveryRule(): NwsapiFactory {
  const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
  const source = fs.readFileSync(jsdomRequire.resolve('nwsapi'), 'utf8');
  if (!source.includes(CACHE_LIMIT)) throw new Error('nwsapi changed: check web/src/test/selector-cache.ts');
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', source.replace(CACHE_LIMIT, 'CACHE_LIMIT = 50000,'))(
    module,
    module.exports,
    jsdomRequire,
  );
  return module.exports as NwsapiFactory;
}

type Matcher = Nwsapi & { match(selector: string, element: Element): boolean; roomForEveryRule?: true };

/** jsdom's own object behind `document`, where it keeps the matcher its style code uses. */
function documentImpl(): Record<string, unknown> {
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const impl = implSymbol && (document as unknown as Record<symbol, Record<string, unknown>>)[implSymbol];
  if (!impl) throw new Error('jsdom changed: check web/src/test/selector-cache.ts');
  return impl;
}

/** The matcher jsdom's getComputedStyle uses for this document. */
export const styleMatcher = () => documentImpl()._nwsapiDontThrow as Matcher;

/** Gives the current jsdom document the roomier matcher jsdom's style code uses (`_nwsapiDontThrow`). */
export function installSelectorCache(): void {
  const impl = documentImpl();
  const matcher = nwsapiWithRoomForEveryRule()({ document, DOMException: window.DOMException });
  // The same flags jsdom gives its own (jsdom/lib/jsdom/living/helpers/selectors.js).
  matcher.configure({ LOGERRORS: false, VERBOSITY: false, IDS_DUPES: true, MIXEDCASE: true });
  impl._nwsapiDontThrow = Object.assign(matcher, { roomForEveryRule: true });
}
