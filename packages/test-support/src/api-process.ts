import { join } from 'node:path';
import { REPOSITORY_ROOT } from './repository-root';
import { startServerProcess, type ServerProcess } from './server-process';

const API_DIR = join(REPOSITORY_ROOT, 'apps/api');

/** How to run the API: the build in dist/, as `pnpm start` does, or its TypeScript source compiled on the fly. */
const ENTRIES = { build: 'dist/main.js', source: 'src/main.ts' } as const;

interface ApiProcessOptions {
  entry?: keyof typeof ENTRIES;
  /** Its environment; DEMO_DATA is false and LOG_LEVEL info unless set. */
  env?: Record<string, string>;
  nodeArgs?: string[];
  logFile?: string;
}

/** The API as a process of its own, once /api/health answers 200. */
export function startApi({ entry = 'build', env = {}, nodeArgs, logFile }: ApiProcessOptions = {}): Promise<ServerProcess> {
  return startServerProcess({
    script: join(API_DIR, ENTRIES[entry]),
    cwd: API_DIR,
    env: { DEMO_DATA: 'false', LOG_LEVEL: 'info', ...env },
    readyPath: '/api/health',
    nodeArgs,
    logFile,
  });
}
