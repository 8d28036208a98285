// `pnpm vapi:setup [--dry-run] [--rotate-secret] [--inbound]`: creates or updates, on Vapi, the
// lead's structured output, the webhook's HMAC credential, the agent's tools and the sales
// assistant, then prints the environment values to set; with --inbound, points the inbound
// number VAPI_PHONE_NUMBER_ID at the webhook with no fixed assistant. Needs VAPI_PRIVATE_KEY
// and PUBLIC_URL (the app's https address).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { VapiClient } from '@vapi-ai/server-sdk';
import { InvalidConfigError, loadAppConfig } from '../../config/app-config';
import { VapiSetup } from '../setup/vapi-setup';

const USAGE = 'Usage: pnpm vapi:setup [--dry-run] [--rotate-secret] [--inbound]';
const FLAGS = ['--dry-run', '--rotate-secret', '--inbound'];

async function main(): Promise<void> {
  // `pnpm vapi:setup` runs in apps/api: the .env is the one where the command was typed.
  const envFile = join(process.env.INIT_CWD ?? process.cwd(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const flags = process.argv.slice(2);
  const unknown = flags.filter((flag) => !FLAGS.includes(flag));
  if (unknown.length > 0) throw new InvalidConfigError(`Unknown option ${unknown.join(' ')}. ${USAGE}`);
  const config = loadAppConfig();
  const missing = (['VAPI_PRIVATE_KEY', 'PUBLIC_URL'] as const).filter((variable) => !config[variable]);
  if (missing.length > 0) throw new InvalidConfigError(`Set ${missing.join(' and ')} first (PUBLIC_URL: the app's public https address). ${USAGE}`);
  // Vapi posts to the webhook from the internet.
  if (new URL(config.PUBLIC_URL!).protocol !== 'https:') throw new InvalidConfigError(`PUBLIC_URL must be an https address, not ${config.PUBLIC_URL}.`);
  const inbound = flags.includes('--inbound');
  if (inbound && !config.VAPI_PHONE_NUMBER_ID) throw new InvalidConfigError(`--inbound needs VAPI_PHONE_NUMBER_ID: the id of the Vapi phone number callers ring. ${USAGE}`);

  const dryRun = flags.includes('--dry-run');
  // Retries off: a retried creation could create a second object of the same name.
  const client = new VapiClient({ token: config.VAPI_PRIVATE_KEY!, baseUrl: config.VAPI_API_URL, timeoutInSeconds: config.VAPI_TIMEOUT_SECONDS, maxRetries: 0 });
  const result = await new VapiSetup(client, config, { publicUrl: config.PUBLIC_URL!, dryRun, rotateSecret: flags.includes('--rotate-secret'), inbound, log: console.log }).run();

  if (dryRun) {
    console.log(result.changes === 0 ? 'Dry run: everything is set up already; nothing would be sent.' : `Dry run: ${result.changes} change(s) would be sent; nothing was sent.`);
    return;
  }
  console.log(result.changes === 0 ? 'Vapi is set up already: nothing changed.' : `Vapi is set up (${result.changes} change(s)).`);
  console.log('\nSet these in the app\'s environment (.env, or your deployment\'s secrets), then restart it:');
  console.log(`VAPI_ASSISTANT_ID=${result.assistantId}`);
  if (result.hmacSecret) console.log(`VAPI_WEBHOOK_HMAC_SECRET=${result.hmacSecret}`);
  else console.log('# VAPI_WEBHOOK_HMAC_SECRET: unchanged (the value printed when the credential was created or last rotated)');
  if (result.inboundNumber) {
    console.log(`\nInbound calls to ${result.inboundNumber} ask the API which assistant answers (known callers are greeted by name).`);
    console.log(config.VAPI_FALLBACK_NUMBER ? `If the API does not answer, callers are put through to ${config.VAPI_FALLBACK_NUMBER}.` : 'VAPI_FALLBACK_NUMBER is not set: if the API does not answer, Vapi ends the call.');
  } else if (config.VAPI_PHONE_NUMBER_ID) {
    console.log('\nInbound calls to VAPI_PHONE_NUMBER_ID are left as they are; run with --inbound to have the API choose the assistant and greet known callers.');
  }
}

main().catch((error: unknown) => {
  // The SDK's errors carry Vapi's status and answer in their message; a stack trace helps no operator.
  console.error(error instanceof InvalidConfigError ? error.message : `vapi:setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
