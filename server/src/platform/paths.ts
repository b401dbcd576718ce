import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this file: the same answer whether the
 * code runs from its TypeScript source (src/platform/) or from the bundle (dist/), so the
 * migrations and the repository root are found either way.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@tidyhouse/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`server/package.json not found above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
/** The repository root: relative paths in the configuration resolve from here, whatever the cwd. */
export const REPO_ROOT = path.dirname(SERVER_ROOT);
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
