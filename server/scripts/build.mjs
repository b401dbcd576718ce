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
  // The card gateway and text simulators are their own processes (src/platform/*-sim-process.ts).
  entryPoints: {
    main: 'src/main.ts',
    'gateway-sim': 'src/gateway-sim/main.ts',
    'sms-sim': 'src/modules/messaging/sms-sim/main.ts',
  },
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
console.log(`server built: dist/main.js, dist/gateway-sim.js and dist/sms-sim.js in ${Date.now() - started} ms`);
