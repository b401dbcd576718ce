import { CHUNK_LOAD_TIMEOUT_MS } from '@tidyhouse/contract';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';
import { ChunkLoadTimeoutError, pageLoaders, withChunkTimeout } from './lazyPage';

describe('withChunkTimeout', () => {
  it(`fails a chunk that has not arrived after ${CHUNK_LOAD_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const outcome = withChunkTimeout(new Promise(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('passes through a chunk that arrives in time, and its failure', async () => {
    await expect(withChunkTimeout(Promise.resolve('page'))).resolves.toBe('page');
    await expect(withChunkTimeout(Promise.reject(new Error('404 chunk')))).rejects.toThrow('404 chunk');
  });
});

function Page() {
  return null;
}

describe('pageLoaders', () => {
  it("registers the domain's strings before handing over the page", async () => {
    const loaders = pageLoaders(
      async () => ({ strings: { en: { lazytest: { title: 'Lazy' } }, zh: { lazytest: { title: '懒加载' } } } }),
      { '/lazy/page': async () => ({ default: Page }) },
    );
    expect(i18n.exists('lazytest.title')).toBe(false);
    await expect(loaders['/lazy/page']()).resolves.toBe(Page);
    expect(i18n.exists('lazytest.title')).toBe(true);
  });
});
