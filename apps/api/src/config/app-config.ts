import { join } from 'node:path';
import { timeZoneSchema } from '@lead-desk/contracts';
import { z } from 'zod';
import { parseDatabaseUrl } from '../database/database-url';
import { parseDirectUrl } from '../database/direct-url';
import { parseListenUrl } from '../database/listen-url';
import { parseReadReplicaUrl } from '../database/read-replica-url';
import { CADENCE_FORMAT, parseCallbackCadence, type CallbackCadence } from '../voice/callbacks/callback-cadence';

/** data/leads.db at the repository root, whichever folder the app is started from. */
export const DEFAULT_DATABASE_URL = `file:${join(__dirname, '../../../../data/leads.db')}`;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** `HH:MM-HH:MM`, start before end, in minutes of the day; `24:00` ends at midnight. */
const callingHours = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be HH:MM-HH:MM such as 09:00-21:00')
  .transform((value) => {
    const [start, end] = value.split('-').map((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));
    return { text: value, startMinute: start, endMinute: end };
  })
  .refine((hours) => hours.startMinute < hours.endMinute, 'must start before it ends (HH:MM-HH:MM within one day)');

/** Comma-separated calendar dates (YYYY-MM-DD) on which no outbound call is placed. */
const callingHolidays = z
  .string()
  .transform((list) => list.split(',').map((date) => date.trim()).filter(Boolean))
  .refine((dates) => dates.every((date) => z.iso.date().safeParse(date).success), 'must be comma-separated dates such as 2026-01-26,2026-08-15')
  .prefault('');

/**
 * Hostnames, comma-separated: `storage.vapi.ai` is that host only, `*.r2.cloudflarestorage.com`
 * any host under that domain (not the domain itself).
 */
/** CALLBACK_CADENCE: when an unanswered call is tried again (voice/callbacks/callback-cadence.ts). */
const callbackCadence = z.string().transform((value, context): CallbackCadence => {
  const cadence = parseCallbackCadence(value.trim());
  if (!cadence) {
    context.addIssue({ code: 'custom', message: CADENCE_FORMAT });
    return z.NEVER;
  }
  return cadence;
});

const hostList = z
  .string()
  .transform((list) => list.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean))
  .refine(
    (hosts) => hosts.length > 0 && hosts.every((host) => /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(host)),
    'must be comma-separated host names such as storage.vapi.ai,*.r2.cloudflarestorage.com',
  );

/** Where Vapi's recording downloads redirect to: its own storage host, its Cloudflare R2 bucket and (older recordings) Supabase storage. */
const DEFAULT_VAPI_RECORDING_HOSTS = 'storage.vapi.ai,*.r2.cloudflarestorage.com,*.supabase.co';

/** A Graph API version as Meta writes them in its paths (v26.0). */
const graphVersion = z.string().trim().regex(/^v\d+\.\d+$/, 'must be a Graph API version such as v26.0');

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const appConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, 'must start with file:, postgres:// or postgresql://')
    .default(DEFAULT_DATABASE_URL),
  // A streaming replica of DATABASE_URL's PostgreSQL: the lists, counts, stats, board, exports and reports read there (README "Read replica").
  DATABASE_READ_URL: z
    .string()
    .regex(/^(postgres:\/\/|postgresql:\/\/)/, 'must start with postgres:// or postgresql://')
    .optional(),
  // The live events' LISTEN connection straight to PostgreSQL when DATABASE_URL goes through PgBouncer in transaction mode (README "Several instances").
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^(postgres:\/\/|postgresql:\/\/)/, 'must start with postgres:// or postgresql://')
    .optional(),
  // PostgreSQL itself when DATABASE_URL goes through PgBouncer in transaction mode (pgbouncer=true): migrations and LISTEN go there (README "Connections").
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^(postgres:\/\/|postgresql:\/\/)/, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DEMO_DATA: booleanFlag.default(true),
  APP_TIME_ZONE: timeZoneSchema.default('Asia/Kolkata'),
  DEFAULT_PHONE_REGION: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166 region code such as IN')
    .default('IN'),
  // Outbound calls: only with recorded consent (when true), within these hours of APP_TIME_ZONE, never on these dates.
  REQUIRE_CONSENT: booleanFlag.default(false),
  CALLING_HOURS: callingHours.prefault('09:00-21:00'),
  // The team's working hours (site visits are booked within them; a member may set their own); unset: CALLING_HOURS.
  WORKING_HOURS: callingHours.optional(),
  CALLING_HOLIDAYS: callingHolidays,
  // Speed to lead: the agent calls new leads of every source that has not chosen (when true), this long after they arrive,
  // and tries again on the cadence's steps while unanswered (+<n>s|m|h after the previous attempt, or +<n>d@HH:MM).
  AUTO_CALLBACK: booleanFlag.default(false),
  AUTO_CALLBACK_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  CALLBACK_CADENCE: callbackCadence.prefault('+10m,+2h,+1d@11:00,+2d@17:00'),
  // The speed-to-lead panel's periods are aggregated again this often (when the data changed), for everyone and each agent; 0: never.
  // Under the 5 minutes a kept report is answered at once, so a preset's first viewer never waits; each round costs a month's
  // aggregation (about a second at a million leads) per viewer.
  SPEED_REPORT_WARM_SECONDS: z.coerce.number().int().min(0).max(86_400).default(240),
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  // What an imported file may hold, checked while it is read: an .xlsx's parts unzipped, its shared strings, and any cell (CSV too; Excel's own limit).
  IMPORT_MAX_UNZIPPED_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  IMPORT_MAX_SHARED_STRINGS: z.coerce.number().int().positive().default(1_000_000),
  IMPORT_MAX_CELL_CHARACTERS: z.coerce.number().int().positive().default(32_767),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  NODE_ENV: z.string().default('development'),
  VAPI_WEBHOOK_SECRET: z.string().optional(),
  // The bearer credential: which header carries VAPI_WEBHOOK_SECRET (with or without "Bearer ").
  VAPI_WEBHOOK_AUTH_HEADER: z.string().trim().toLowerCase().regex(/^[a-z0-9-]+$/, 'must be an HTTP header name').default('authorization'),
  // The HMAC credential, field by field as Vapi's HMACAuthenticationPlan names them.
  VAPI_WEBHOOK_HMAC_SECRET: z.string().optional(),
  VAPI_WEBHOOK_HMAC_ALGORITHM: z.enum(['sha256', 'sha512', 'sha1'], 'must be sha256, sha512 or sha1').default('sha256'),
  VAPI_WEBHOOK_HMAC_SIGNATURE_HEADER: z.string().trim().toLowerCase().regex(/^[a-z0-9-]+$/, 'must be an HTTP header name').default('x-signature'),
  VAPI_WEBHOOK_HMAC_TIMESTAMP_HEADER: z.string().trim().toLowerCase().regex(/^[a-z0-9-]+$/, 'must be an HTTP header name').default('x-timestamp'),
  VAPI_WEBHOOK_HMAC_INCLUDE_TIMESTAMP: booleanFlag.default(true),
  VAPI_WEBHOOK_HMAC_PAYLOAD_FORMAT: z.string().includes('{body}', 'must contain {body}').optional(),
  VAPI_WEBHOOK_HMAC_SIGNATURE_PREFIX: z.string().default(''),
  VAPI_WEBHOOK_HMAC_ENCODING: z.enum(['hex', 'base64'], 'must be hex or base64').default('hex'),
  VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64: booleanFlag.default(false),
  VAPI_WEBHOOK_HMAC_MESSAGE_ID_HEADER: z.string().trim().toLowerCase().regex(/^[a-z0-9-]+$/, 'must be an HTTP header name').default('svix-id'),
  VAPI_WEBHOOK_MAX_AGE_SECONDS: z.coerce.number().int().positive().max(86_400).default(300),
  VAPI_QUALIFIED_FROM: z.enum(['explicit', 'successEvaluation'], 'must be explicit or successEvaluation').default('explicit'),
  // The app's public https address: the webhook URL `pnpm vapi:setup` gives Vapi.
  PUBLIC_URL: z.url('must be a URL such as https://leads.example.com').optional(),
  VAPI_PRIVATE_KEY: z.string().optional(),
  VAPI_PUBLIC_KEY: z.string().optional(),
  VAPI_ASSISTANT_ID: z.string().optional(),
  VAPI_PHONE_NUMBER_ID: z.string().optional(),
  // Where `pnpm vapi:setup --inbound` has the number put callers through when the API does not answer (its fallbackDestination).
  VAPI_FALLBACK_NUMBER: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 such as +918045678900')
    .optional(),
  VAPI_API_URL: z.url('must be a URL').default('https://api.vapi.ai'),
  VAPI_WEB_API_URL: z.url('must be a URL').optional(),
  VAPI_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  // The only hosts a recording download's redirect is followed to (not the app's own network).
  VAPI_RECORDING_HOSTS: hostList.prefault(DEFAULT_VAPI_RECORDING_HOSTS),
  WEBHOOK_MAX_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024),
  // Meta Lead Ads (GET/POST /api/webhooks/meta): the app secret signs deliveries, the verify token answers the
  // subscription handshake, the Page token reads each lead from the Graph API. Unset: the webhook says it is not configured.
  META_APP_SECRET: z.string().optional(),
  META_VERIFY_TOKEN: z.string().optional(),
  META_PAGE_ACCESS_TOKEN: z.string().optional(),
  META_GRAPH_URL: z.url('must be a URL').default('https://graph.facebook.com'),
  META_GRAPH_VERSION: graphVersion.default('v26.0'),
  // WhatsApp (Cloud API): messages are sent from the business phone number with the access token; Meta signs the webhook's
  // deliveries (GET/POST /api/webhooks/whatsapp) with the app secret and checks the subscription with the verify token.
  // Any of the four unset: WhatsApp is off (the webhook answers 404, sending 503, both naming what to set).
  WHATSAPP_GRAPH_URL: z.url('must be a URL').default('https://graph.facebook.com'),
  WHATSAPP_GRAPH_VERSION: graphVersion.default('v26.0'),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().regex(/^\d+$/, 'must be the phone number ID Meta gives (digits)').optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  // How soon a stored WhatsApp delivery whose processing failed, or a message Meta refused for its rate limits, is tried again, doubling up to an hour.
  WHATSAPP_RETRY_SECONDS: z.coerce.number().positive().max(3_600).default(30),
  // Google Ads lead forms (POST /api/webhooks/google-ads): the key set on the form, sent as google_key.
  GOOGLE_ADS_WEBHOOK_KEY: z.string().optional(),
  // How soon a stored Meta or Google lead whose processing failed (a Graph outage) is tried again, doubling up to an hour.
  LEAD_ADS_RETRY_SECONDS: z.coerce.number().positive().max(3_600).default(30),
  // The page's chat (POST /api/chat/messages): a chat with no message for this long is finished (ended at Vapi, its result read, its lead made).
  CHAT_IDLE_MINUTES: z.coerce.number().positive().max(1_440).default(30),
  // How soon a finished chat whose result could not be read (a Vapi outage) is tried again, doubling up to an hour.
  CHAT_RETRY_SECONDS: z.coerce.number().positive().max(3_600).default(30),
  WEBHOOK_RETRY_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  JOB_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(1_000),
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(15),
  // After SIGTERM: how long readiness answers 503 while the port still serves, so a load balancer's check notices first.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  // Then: how long requests in flight, the job batch and rounds in progress and closing the database may take before the process exits 1 anyway.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3_600).default(30),
  // How often each process reads again the sessions of its live streams (expiry, and changes no one announced).
  EVENTS_SESSION_CHECK_SECONDS: z.coerce.number().positive().max(300).default(5),
  AUTH_MODE: z.enum(['open', 'staff'], 'must be open or staff').optional(),
  // Production refuses AUTH_MODE=open unless the operator says, in as many words, that an open dashboard is meant.
  DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION: booleanFlag.default(false),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  // Unset: Secure in production; false only for plain-http test set-ups.
  COOKIE_SECURE: booleanFlag.optional(),
  // The OpenAPI document and UI at /api/docs; unset: on, except in production.
  API_DOCS: booleanFlag.optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address')).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  CORS_ORIGINS: z
    .string()
    .transform((list) => list.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url('must be a comma-separated list of origins such as https://leads.example.com')))
    .default([]),
  TRUST_PROXY: z.string().optional(),
  // Sign-in attempts a minute, per address and per account (whatever addresses an account's come from).
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(5),
  // An account past its limit is locked for a minute, doubling with each lock-out in a row up to this.
  SIGN_IN_LOCK_MAX_MINUTES: z.coerce.number().positive().max(1_440).default(15),
  // Callback requests (POST /api/callback-requests) an hour, per client address and per phone number, across every API process.
  CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(20),
  CALLBACK_REQUESTS_PER_PHONE_PER_HOUR: z.coerce.number().int().positive().default(3),
  // Chat messages and ends (POST /api/chat/…) an hour from one client address, across every API process.
  CHAT_MESSAGES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(100),
  WEBHOOK_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  // Refused webhook deliveries (401, 403, 413) one address may have in a minute before all of its deliveries are 429.
  WEBHOOK_REFUSALS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  // Salts the hashes an erasure keeps of a person's phone and email; required in production.
  PRIVACY_HASH_SALT: z.string().min(16, 'must be at least 16 characters').optional(),
  // Requests for calendar feeds (GET /api/calendar/feed/<secret>.ics) a minute, per client address.
  CALENDAR_FEED_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // Transcripts and recordings older than this many days are purged daily; unset keeps them.
  RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  // How soon a Vapi call deletion that failed is tried again (doubling up to an hour).
  VAPI_DELETE_RETRY_SECONDS: z.coerce.number().positive().max(3_600).default(30),
});

type ParsedConfig = z.infer<typeof appConfigSchema>;

/** The configuration with its defaults resolved: production closes the staff dashboard and the docs, and marks the cookie Secure. */
export type AppConfig = Omit<ParsedConfig, 'AUTH_MODE' | 'COOKIE_SECURE' | 'API_DOCS' | 'WORKING_HOURS'> & {
  AUTH_MODE: 'open' | 'staff';
  WORKING_HOURS: ParsedConfig['CALLING_HOURS'];
  COOKIE_SECURE: boolean;
  API_DOCS: boolean;
  isProduction: boolean;
};

const DIRECT_URL_NEEDED =
  'must name PostgreSQL itself when DATABASE_URL goes through a pooler in transaction mode (pgbouncer=true): migrations and LISTEN need a session of their own';

const OPEN_MODE_REFUSED =
  'open is refused in production (NODE_ENV=production): anyone who reaches the app could read, change and export every lead, ' +
  'manage staff and erase people. Set AUTH_MODE=staff, or DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION=true if an open dashboard is really meant.';

/** Reads and validates the environment; a bad value stops start-up naming the variable. */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = appConfigSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new InvalidConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const { VAPI_WEBHOOK_HMAC_SECRET: hmacSecret, VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64: secretIsBase64 } = result.data;
  if (hmacSecret && secretIsBase64 && !BASE64.test(hmacSecret)) {
    throw new InvalidConfigError('Invalid configuration:\n  VAPI_WEBHOOK_HMAC_SECRET: must be base64 when VAPI_WEBHOOK_HMAC_SECRET_IS_BASE64 is true');
  }
  const primary = parseDatabaseUrl(result.data.DATABASE_URL);
  if (result.data.DATABASE_READ_URL) {
    try {
      parseReadReplicaUrl(result.data.DATABASE_READ_URL, primary);
    } catch (error) {
      throw new InvalidConfigError(`Invalid configuration:\n  DATABASE_READ_URL: ${(error as Error).message}`);
    }
  }
  if (result.data.DATABASE_DIRECT_URL) {
    try {
      parseDirectUrl(result.data.DATABASE_DIRECT_URL, primary);
    } catch (error) {
      throw new InvalidConfigError(`Invalid configuration:\n  DATABASE_DIRECT_URL: ${(error as Error).message}`);
    }
  } else if (primary.provider === 'postgresql' && primary.pooled) {
    throw new InvalidConfigError(`Invalid configuration:\n  DATABASE_DIRECT_URL: ${DIRECT_URL_NEEDED}`);
  }
  if (result.data.DATABASE_LISTEN_URL) {
    try {
      parseListenUrl(result.data.DATABASE_LISTEN_URL, primary);
    } catch (error) {
      throw new InvalidConfigError(`Invalid configuration:\n  DATABASE_LISTEN_URL: ${(error as Error).message}`);
    }
  }
  const isProduction = result.data.NODE_ENV === 'production';
  if (isProduction && result.data.AUTH_MODE === 'open' && !result.data.DANGEROUSLY_ALLOW_OPEN_MODE_IN_PRODUCTION) {
    throw new InvalidConfigError(`Invalid configuration:\n  AUTH_MODE: ${OPEN_MODE_REFUSED}`);
  }
  return {
    ...result.data,
    isProduction,
    AUTH_MODE: result.data.AUTH_MODE ?? (isProduction ? 'staff' : 'open'),
    WORKING_HOURS: result.data.WORKING_HOURS ?? result.data.CALLING_HOURS,
    COOKIE_SECURE: result.data.COOKIE_SECURE ?? isProduction,
    API_DOCS: result.data.API_DOCS ?? !isProduction,
  };
}

export class InvalidConfigError extends Error {}

export const APP_CONFIG = Symbol('APP_CONFIG');
