// Prisma CLI configuration for this provider. Plain object (no import) so it loads
// from outside any package; paths are relative to this file.
// The CLI never runs the schema engine for generate/validate/format, but insists it
// exists: point it at any file (migrations run through the wasm engine instead).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;

export default {
  schema: 'schema',
  migrations: { path: 'migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
};
