import { resolve } from 'node:path';

/** The checkout's root folder (this package sits at packages/test-support). */
export const REPOSITORY_ROOT = resolve(__dirname, '../../..');
