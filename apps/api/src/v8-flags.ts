import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, before any WebAssembly is compiled. Prisma's query compiler
// and schema engine are large wasm modules: V8's optimising tier doubles their code in
// memory (about 70 MB resident here) and spends CPU recompiling them in the background,
// while the baseline tier runs the short calls Prisma makes just as fast (measured in
// BENCHMARKS.md).
setFlagsFromString('--liftoff-only');
