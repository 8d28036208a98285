import { TEST_ADMIN } from './staff-sessions';

/** What a production start (NODE_ENV=production) asks for besides a database: every secret its start-up checks, and a first admin. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  VAPI_WEBHOOK_SECRET: 'webhook-secret-for-production-tests',
  SESSION_SECRET: 'x'.repeat(32),
  PRIVACY_HASH_SALT: 'y'.repeat(16),
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
};
