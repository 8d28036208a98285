// `pnpm staff:create <email> <name> [admin|agent]`: adds a staff account to DATABASE_URL.
// The password comes from STAFF_PASSWORD, or is asked for without echo.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { NestFactory } from '@nestjs/core';
import { newStaffMemberSchema } from '@lead-desk/contracts';
import { AppModule } from '../../app.module';
import { fieldErrorsFromZod } from '../../common/field-errors';
import { loadAppConfig } from '../../config/app-config';
import { migrateDatabase } from '../../database/migrations/migrate-database';
import { startUpDatabaseUrl } from '../../database/direct-url';
import { StaffService } from '../staff.service';

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write: (chunk, _encoding, done) => {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  process.stdout.write(question);
  muted = true;
  const answer = await new Promise<string>((resolve) => prompt.question('', resolve));
  prompt.close();
  process.stdout.write('\n');
  return answer;
}

async function main(): Promise<void> {
  const [email, name, role = 'admin'] = process.argv.slice(2);
  if (!email || !name) throw new Error('Usage: pnpm staff:create <email> "<name>" [admin|agent]');
  const password = process.env.STAFF_PASSWORD ?? (await askHidden('Password (12+ characters): '));
  const parsed = newStaffMemberSchema.safeParse({ email, name, role, password });
  if (!parsed.success) {
    throw new Error(fieldErrorsFromZod(parsed.error).map((e) => `${e.field} ${e.message}`).join('; '));
  }
  const config = loadAppConfig({ ...process.env, DEMO_DATA: 'false', LOG_LEVEL: 'warn' });
  await migrateDatabase(startUpDatabaseUrl(config));
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const staff = await app.get(StaffService).create(parsed.data as Parameters<StaffService['create']>[0]);
    console.log(`Created ${staff.role} ${staff.email}.`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
