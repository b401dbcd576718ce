/**
 * Loaded before anything imports React. React's scheduler keeps the `setImmediate` it finds when it
 * loads and runs queued render work on it. On a busy machine that work can still be queued when the
 * file's jsdom is torn down, and then it throws "window is not defined" after every test passed.
 * React work with no window left has nothing to render into, so the guarded `setImmediate` drops it.
 * `setup.ts` puts the real one back once React has loaded, so nothing else is affected.
 */
const nodeSetImmediate = globalThis.setImmediate;

function setImmediateWhileWindowExists<TArgs extends unknown[]>(
  callback: (...args: TArgs) => void,
  ...args: TArgs
): NodeJS.Immediate {
  return nodeSetImmediate(() => {
    if (typeof globalThis.window !== 'undefined') callback(...args);
  });
}

globalThis.setImmediate = Object.assign(setImmediateWhileWindowExists, {
  __promisify__: nodeSetImmediate.__promisify__,
}) as typeof setImmediate;

export function restoreNodeSetImmediate(): void {
  globalThis.setImmediate = nodeSetImmediate;
}
