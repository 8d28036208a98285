import { Database } from '../../src/database/database';
import { identityKeyColumns } from '../../src/leads/identity/identity-key-columns';
import type { TestApp } from './test-app';

export interface LeadFixture {
  name: string;
  email?: string | null;
  phone?: string | null;
  location?: string | null;
  qualified?: boolean;
  source?: string;
  createdAt: Date;
}

/** Writes leads straight to the test database, with creation times the test chooses, and the identity keys the app writes beside them. */
export async function insertLeads(testApp: TestApp, leads: LeadFixture[]): Promise<void> {
  const prisma = testApp.app.get(Database).client;
  await prisma.lead.createMany({
    data: leads.map((lead) => ({ qualified: false, source: 'web form', ...lead, ...identityKeyColumns(lead), updatedAt: lead.createdAt })),
  });
}

/** n leads one minute apart, newest last, alternately qualified. */
export function leadSeries(n: number, start = new Date('2026-01-01T00:00:00Z')): LeadFixture[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `Lead ${String(i).padStart(4, '0')}`,
    email: `lead${i}@example.in`,
    location: i % 3 === 0 ? 'Mumbai' : 'Pune',
    qualified: i % 2 === 0,
    createdAt: new Date(start.getTime() + i * 60_000),
  }));
}
