import { CHUNK_LOAD_TIMEOUT_MS } from '@tidyhouse/contract';
import type { ComponentType } from 'react';
import { type DomainStrings, registerStrings } from '@/lib/i18n';

/** Loads a screen's component (and its domain's strings) on demand. */
export type PageLoader = () => Promise<ComponentType>;

type PageModule = { default: ComponentType };
type StringsModule = { strings: DomainStrings };

/** A chunk that did not arrive within CHUNK_LOAD_TIMEOUT_MS (spec §8). */
export class ChunkLoadTimeoutError extends Error {
  override readonly name = 'ChunkLoadTimeoutError';
}

/** Races a chunk load against the timeout, so a stalled download ends in the route's error page. */
export function withChunkTimeout<T>(loading: Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(`chunk not loaded after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A domain's page loaders: each loads the page chunk and the domain's strings together and registers
 * the strings before the page renders, so the first page only downloads what it needs.
 */
export function pageLoaders<Url extends string>(
  loadStrings: () => Promise<StringsModule>,
  pages: Record<Url, () => Promise<PageModule>>,
): Record<Url, PageLoader> {
  const loaders = {} as Record<Url, PageLoader>;
  for (const url of Object.keys(pages) as Url[]) {
    const loadPage = pages[url];
    loaders[url] = async () => {
      const [{ strings }, page] = await Promise.all([loadStrings(), loadPage()]);
      registerStrings(strings);
      return page.default;
    };
  }
  return loaders;
}
