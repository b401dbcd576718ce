import type { Plugin, PluginOption } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The field app's service worker (issue 21): it precaches the field app's shell only (field.html, its
 * chunks, icons and manifest), never the back office's, and answers the /field/ pages with field.html
 * when offline. The manifest is a static file (public/field.webmanifest) and the worker is registered
 * by the field entry itself: the plugin's own HTML injection would reach the back office's index.html.
 */

/** The build's files the field entry loads, statically or lazily: filled while the bundle is written. */
const fieldFiles = new Set<string>();
/** Whether this build wrote its bundle: a failed build must report its own error, not the worker's. */
let bundleWritten = false;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

export function fieldChunks(): Plugin {
  return {
    name: 'tidyhouse-field-chunks',
    apply: 'build',
    buildStart() {
      bundleWritten = false;
    },
    writeBundle() {
      bundleWritten = true;
    },
    generateBundle(_options, bundle) {
      fieldFiles.clear();
      const files = bundle as unknown as Record<string, ChunkLike>;
      const entry = Object.values(files).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith('field.html'));
      const queue = entry ? [entry.fileName] : [];
      while (queue.length > 0) {
        const name = queue.pop()!;
        if (fieldFiles.has(name)) continue;
        fieldFiles.add(name);
        const file = files[name];
        if (file?.type !== 'chunk') continue;
        queue.push(...(file.imports ?? []), ...(file.dynamicImports ?? []));
        for (const css of file.viteMetadata?.importedCss ?? []) fieldFiles.add(css);
        for (const asset of file.viteMetadata?.importedAssets ?? []) fieldFiles.add(asset);
      }
    },
  };
}

/** The field chunks' collector and vite-plugin-pwa, whose worker is written only after a bundle was. */
export function fieldServiceWorker(): PluginOption[] {
  const guarded = VitePWA(fieldPwaOptions).map((plugin) => {
    const close = plugin.closeBundle;
    if (plugin.name !== 'vite-plugin-pwa:build' || !close || typeof close === 'function') return plugin;
    const handler = close.handler;
    return {
      ...plugin,
      closeBundle: {
        ...close,
        handler: function (this: unknown, ...args: unknown[]) {
          if (!bundleWritten) return;
          return (handler as (...a: unknown[]) => unknown).apply(this, args);
        },
      },
    } as Plugin;
  });
  return [fieldChunks(), ...guarded];
}

const fieldPwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  injectRegister: false,
  manifest: false,
  filename: 'field-sw.js',
  workbox: {
    globPatterns: ['field.html', 'field.webmanifest', 'field-icon*', 'assets/*.{js,css,svg,png,woff2}'],
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || fieldFiles.has(entry.url)),
        warnings: [],
      }),
    ],
    navigateFallback: '/field.html',
    navigateFallbackAllowlist: [/^\/field(\/|$)/],
    // The API is never cached: actions wait in the app's own outbox (IndexedDB), not in the worker.
    navigateFallbackDenylist: [/^\/_\//],
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
};
