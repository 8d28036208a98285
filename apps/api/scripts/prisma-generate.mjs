// Generates both Prisma clients (SQLite and PostgreSQL) from the shared models.
// Runs on install and before every build: the generated code is never committed.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js');
const prismaDir = fileURLToPath(new URL('../../../prisma/', import.meta.url));

for (const provider of ['sqlite', 'postgresql']) {
  execFileSync(
    process.execPath,
    [prismaCli, 'generate', '--config', `${prismaDir}${provider}/prisma.config.ts`],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' } },
  );
}
