import type { AppConfig } from './app-config';

/** What a production start lacks, each named with what to set; empty when ready. */
export function productionGaps(config: AppConfig, hasAdmin: boolean): string[] {
  if (!config.isProduction) return [];
  const gaps: string[] = [];
  if (!config.VAPI_WEBHOOK_SECRET && !config.VAPI_WEBHOOK_HMAC_SECRET) {
    gaps.push('VAPI_WEBHOOK_SECRET (the secret the voice platform sends with every webhook) or VAPI_WEBHOOK_HMAC_SECRET (the secret of its HMAC credential)');
  }
  if (!config.SESSION_SECRET) gaps.push('SESSION_SECRET (at least 32 random characters)');
  if (!config.PRIVACY_HASH_SALT) gaps.push('PRIVACY_HASH_SALT (at least 16 random characters; salts what an erasure keeps of a person)');
  if (!hasAdmin && !(config.ADMIN_EMAIL && config.ADMIN_PASSWORD)) {
    gaps.push('ADMIN_EMAIL and ADMIN_PASSWORD (or an admin created with `pnpm staff:create`)');
  }
  return gaps;
}

/** Protections a production start was told to leave off: each is logged as a warning at every start. */
export function productionRisks(config: AppConfig): string[] {
  if (!config.isProduction) return [];
  const risks: string[] = [];
  if (config.AUTH_MODE === 'open') {
    risks.push('AUTH_MODE=open with DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true: anyone who reaches the app can read, change and export every lead, manage staff and erase people');
  }
  if (!config.COOKIE_SECURE) risks.push('COOKIE_SECURE=false: the session cookie is sent over plain http too (for plain-http test set-ups only)');
  return risks;
}

export class NotReadyForProductionError extends Error {
  constructor(gaps: string[]) {
    super(`Refusing to start in production (NODE_ENV=production). Missing:\n${gaps.map((gap) => `  - ${gap}`).join('\n')}`);
  }
}
