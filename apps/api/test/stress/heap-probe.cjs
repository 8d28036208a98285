// Preloaded into the API process by the load test (`node --expose-gc -r ./heap-probe.cjs`,
// HEAP_PROBE_FILE=<path>): on SIGUSR2 it collects garbage and writes the heap still in use
// to that file, so the test measures what the app keeps rather than what V8 has not
// reclaimed yet.
const { renameSync, writeFileSync } = require('node:fs');

process.on('SIGUSR2', () => {
  global.gc();
  // Written beside and renamed, so the test never reads a half-written number.
  writeFileSync(`${process.env.HEAP_PROBE_FILE}.tmp`, String(process.memoryUsage().heapUsed));
  renameSync(`${process.env.HEAP_PROBE_FILE}.tmp`, process.env.HEAP_PROBE_FILE);
});
