import '@/lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import message from 'antd/es/message';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { restoreNodeSetImmediate } from './scheduler-guard';
import { installSelectorCache } from './selector-cache';

// React (and its scheduler) loaded with the imports above: from here on the real setImmediate.
restoreNodeSetImmediate();
installSelectorCache();

// antd screens and lazy routes take a while on a cold start with two cores.
// Generous: jsdom + antd renders slowly on a busy 2-core machine, and a slow render is not a failure.
// 30 s: a file's first render loads the lazy screen cold while the other worker does the same (seen
// at 17 s on a loaded machine); a wait ends as soon as its condition holds, so this costs no time.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no matchMedia; antd's responsive helpers ask it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

// jsdom has no ResizeObserver; antd's Table and Menu observe their size.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;

// jsdom does not implement pseudo-element styles; antd's scrollbar measuring asks for them.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);

/**
 * React flushes a commit's effects on a later macrotask (its scheduler uses setImmediate). Waiting for
 * two of ours after the last cleanup lets that work run while jsdom is still here; otherwise a busy
 * machine can run it after the file's environment is gone ("window is not defined").
 */
const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(async () => {
  cleanup();
  // Messages from outside React use antd's static API (lib/notify): its container outlives a render.
  message.destroy();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('zh');
  await nextMacrotask();
  await nextMacrotask();
});
