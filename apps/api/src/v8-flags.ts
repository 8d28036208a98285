import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before any WebAssembly is compiled. Prisma's query compiler
// and schema engine are large wasm modules: V8's optimising tier doubles their code in
// memory (about 70 MB resident here) and spends CPU recompiling them in the background,
// while the baseline tier runs the short calls Prisma makes just as fast (measured in
// BENCHMARKS.md).
setFlagsFromString('--liftoff-only');
// Under steady load V8 let the old generation grow to four times what stays alive
// (the resident set went from 150 to 290 MB under 32 concurrent list requests). Growing
// it by half at most keeps the API under 200 MB at the same throughput (measured beside
// the default: 197 MB, 1,420 against 1,440 pages/s).
setFlagsFromString('--heap-growing-percent=50');
