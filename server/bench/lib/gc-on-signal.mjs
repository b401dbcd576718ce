// Preloaded by bench/memory.ts into the server it starts (node --expose-gc --import): a SIGUSR2 runs a
// full garbage collection, so the bench reads the resident memory left once garbage is gone.
process.on('SIGUSR2', () => globalThis.gc?.());
