// Bundles the server into dist/main.js for production: plain JavaScript run by node, no TypeScript
// loader. npm packages stay external (loaded from node_modules as usual); the contract workspace is
// TypeScript source (its package.json main is src/index.ts), so it is bundled in.
import { build } from 'esbuild';

const INLINED = /^@tidyhouse\//;

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      INLINED.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
await build({
  // The card gateway simulator is its own process (src/platform/gateway-sim-process.ts).
  entryPoints: { main: 'src/main.ts', 'gateway-sim': 'src/gateway-sim/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(`server built: dist/main.js and dist/gateway-sim.js in ${Date.now() - started} ms`);
