import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRISMA_DIR } from './prisma-folder';
import { withTriggerScripts } from './trigger-scripts';

const script = (name: string) => readFileSync(join(PRISMA_DIR, 'sqlite', name), 'utf8');

describe('withTriggerScripts', () => {
  it('adds to a migration that re-creates leads the scripts of every trigger on it: the search index and the report figures', () => {
    const sql = 'CREATE TABLE "new_leads" ("id" TEXT NOT NULL);';
    expect(withTriggerScripts('sqlite', sql)).toBe([sql, script('search-index.sql'), script('response-time-figures.sql')].join('\n'));
  });

  it('adds the report figures alone to a migration that re-creates lead_response_times', () => {
    const sql = 'CREATE TABLE "new_lead_response_times" ("lead_id" TEXT NOT NULL);';
    expect(withTriggerScripts('sqlite', sql)).toBe([sql, script('response-time-figures.sql')].join('\n'));
  });

  it('leaves any other migration as it is, tables whose names begin alike included', () => {
    const sql = 'CREATE TABLE "leads_archive" ("id" TEXT NOT NULL); ALTER TABLE "leads" ADD COLUMN "x" TEXT;';
    expect(withTriggerScripts('sqlite', sql)).toBe(sql);
  });
});
