import ExcelJS from 'exceljs';
import { DEFAULT_CONSENT_PURPOSE, WHATSAPP_CONSENT_PURPOSE, type ImportPreview, type ImportSummary, type LeadConsent } from '@lead-desk/contracts';
import { binaryBody } from './support/binary-body';
import { PROVIDERS } from './support/test-database';
import { startTestApp, type TestApp } from './support/test-app';
import { signIn, STAFF_MODE_ENV, TEST_ADMIN, type StaffSession } from './support/staff-sessions';

jest.setTimeout(120_000);

/**
 * Issue 27: an import's WhatsApp opt-in column (yes/no) records a WhatsApp opt-in (purpose
 * "whatsapp", channel import, the file and its line as evidence) or withdraws the standing ones,
 * apart from the Consent column's consent to be called; a `WhatsApp` column alone stays the
 * person's number.
 */
describe.each(PROVIDERS)("an import's WhatsApp opt-in column on %s", (provider) => {
  let testApp: TestApp;
  let admin: StaffSession;

  beforeAll(async () => {
    testApp = await startTestApp(provider, STAFF_MODE_ENV);
    admin = await signIn(testApp, TEST_ADMIN);
  });
  afterAll(() => testApp?.close());

  const post = (path: string) => admin.agent.post(path).set('X-CSRF-Token', admin.csrf);
  const importFile = async (file: Buffer, fileName: string, query: Record<string, string> = {}) => (await post('/api/leads/import').query(query).attach('file', file, fileName).expect(200)).body;
  const leadIdWithPhone = async (phone: string) => {
    const leads = (await admin.agent.get('/api/leads').query({ q: phone }).expect(200)).body as { _id: string; phone: string }[];
    expect(leads.map((lead) => lead.phone)).toEqual([phone]);
    return leads[0]._id;
  };
  const consentsOf = async (leadId: string) => (await admin.agent.get(`/api/leads/${leadId}/consents`).expect(200)).body as LeadConsent[];
  const consentEntries = async (leadId: string) =>
    ((await admin.agent.get(`/api/leads/${leadId}/activity`).expect(200)).body as { type: string; actor: { name: string } | null; data: Record<string, unknown> }[])
      .filter(({ type }) => type === 'consent_given' || type === 'consent_withdrawn')
      .map(({ type, actor, data }) => ({ type, actor: actor?.name ?? null, data }));

  async function workbook(rows: (string | number)[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Leads');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads the column by its header, records an opt-in per "yes" with the file and line as evidence, and refuses a cell that is no yes/no', async () => {
    const csv = [
      'Name,WhatsApp,WhatsApp opt-in',
      'Opted Anjali,98765 81001,yes',
      'Opted Bharat,98765 81002,YES',
      'Declined Chitra,98765 81003,no',
      'Unsure Dev,98765 81004,maybe',
    ].join('\n');
    // The dry run reads the column alike and writes nothing.
    expect(await importFile(Buffer.from(csv), 'expo.csv', { dryRun: 'true' })).toMatchObject({ created: 3, skipped: 1 });
    const summary = (await importFile(Buffer.from(csv), 'expo.csv')) as ImportSummary;
    expect(summary).toMatchObject({ created: 3, skipped: 1, errors: [{ line: 5, field: 'WhatsApp opt-in', message: 'must be true or false' }] });

    // The WhatsApp column is still the person's number.
    const anjali = await leadIdWithPhone('+919876581001');
    const [optIn] = await consentsOf(anjali);
    expect(await consentsOf(anjali)).toHaveLength(1);
    expect(optIn).toMatchObject({
      channel: 'import',
      purpose: WHATSAPP_CONSENT_PURPOSE,
      wording: 'WhatsApp opt-in column of an imported file',
      evidence: { kind: 'import', file: 'expo.csv', row: 2 },
      withdrawnAt: null,
    });
    expect(await consentEntries(anjali)).toEqual([{ type: 'consent_given', actor: 'Administrator', data: { consentId: optIn.id, channel: 'import', purpose: WHATSAPP_CONSENT_PURPOSE } }]);
    expect((await consentsOf(await leadIdWithPhone('+919876581002'))).map(({ purpose, evidence }) => ({ purpose, evidence }))).toEqual([
      { purpose: WHATSAPP_CONSENT_PURPOSE, evidence: { kind: 'import', file: 'expo.csv', row: 3 } },
    ]);
    // A "no" for a lead that never opted in records nothing.
    expect(await consentsOf(await leadIdWithPhone('+919876581003'))).toEqual([]);

    // The same file again: the opt-in stands already; nothing is added.
    await importFile(Buffer.from(csv), 'expo.csv');
    expect(await consentsOf(anjali)).toHaveLength(1);
  });

  it('from a workbook (whatsapp_opt_in beside Consent), keeps each kind apart: a "no" to one withdraws only that kind', async () => {
    const first = await workbook([
      ['Name', 'Mobile No', 'Consent', 'whatsapp_opt_in'],
      ['Both Esha', '98765 82001', 'yes', 'yes'],
      ['Both Farooq', '98765 82002', 'yes', 'yes'],
    ]);
    expect(await importFile(first, 'crm.xlsx')).toMatchObject({ created: 2, skipped: 0 });
    const esha = await leadIdWithPhone('+919876582001');
    const farooq = await leadIdWithPhone('+919876582002');
    const purposes = async (leadId: string) =>
      (await consentsOf(leadId)).map(({ purpose, withdrawnAt, withdrawnVia, withdrawnEvidence }) => ({ purpose, withdrawn: withdrawnAt !== null, withdrawnVia, withdrawnEvidence })).sort((a, b) => a.purpose.localeCompare(b.purpose));
    expect((await consentsOf(esha)).find(({ purpose }) => purpose === WHATSAPP_CONSENT_PURPOSE)).toMatchObject({ channel: 'import', evidence: { kind: 'import', file: 'crm.xlsx', row: 2 } });

    const second = await workbook([
      ['Name', 'Mobile No', 'Consent', 'whatsapp_opt_in'],
      ['Both Esha', '98765 82001', '', 'no'],
      ['Both Farooq', '98765 82002', 'no', ''],
    ]);
    // The preview lists what each matched row does to each kind, as leads.csv writes a consent (true, false, null).
    const preview = (await post('/api/leads/import/preview').attach('file', second, 'crm-update.xlsx').expect(200)).body as ImportPreview;
    expect(preview.matches.map(({ line, changes }) => ({ line, changes }))).toEqual([
      { line: 2, changes: [{ field: 'whatsappOptIn', from: true, to: false, outcome: 'overwritten' }] },
      { line: 3, changes: [{ field: 'consent', from: true, to: false, outcome: 'overwritten' }] },
    ]);
    expect(await importFile(second, 'crm-update.xlsx')).toMatchObject({ updated: 2, skipped: 0 });
    expect(await purposes(esha)).toEqual([
      { purpose: DEFAULT_CONSENT_PURPOSE, withdrawn: false, withdrawnVia: null, withdrawnEvidence: null },
      { purpose: WHATSAPP_CONSENT_PURPOSE, withdrawn: true, withdrawnVia: 'import', withdrawnEvidence: { kind: 'import', file: 'crm-update.xlsx', row: 2 } },
    ]);
    expect(await purposes(farooq)).toEqual([
      { purpose: DEFAULT_CONSENT_PURPOSE, withdrawn: true, withdrawnVia: 'import', withdrawnEvidence: { kind: 'import', file: 'crm-update.xlsx', row: 3 } },
      { purpose: WHATSAPP_CONSENT_PURPOSE, withdrawn: false, withdrawnVia: null, withdrawnEvidence: null },
    ]);
    expect((await consentEntries(esha)).map(({ type, data }) => ({ type, via: data.via ?? null }))).toEqual(
      expect.arrayContaining([{ type: 'consent_withdrawn', via: 'import' }]),
    );

    // A withdrawn opt-in comes back only with overwrite: a stale file must not undo it unseen.
    const again = await workbook([
      ['Name', 'Mobile No', 'WhatsApp Opt In'],
      ['Both Esha', '98765 82001', 'true'],
    ]);
    expect((await post('/api/leads/import/preview').attach('file', again, 'stale.xlsx').expect(200)).body.matches[0].changes).toEqual([
      { field: 'whatsappOptIn', from: false, to: true, outcome: 'kept' },
    ]);
    await importFile(again, 'stale.xlsx');
    expect((await consentsOf(esha)).filter(({ purpose, withdrawnAt }) => purpose === WHATSAPP_CONSENT_PURPOSE && withdrawnAt === null)).toEqual([]);
    await importFile(again, 'fresh.xlsx', { onMatch: 'overwrite' });
    expect((await consentsOf(esha)).filter(({ purpose, withdrawnAt }) => purpose === WHATSAPP_CONSENT_PURPOSE && withdrawnAt === null)).toEqual([
      expect.objectContaining({ channel: 'import', evidence: { kind: 'import', file: 'fresh.xlsx', row: 2 } }),
    ]);
  });

  it('exports a lead with only a WhatsApp opt-in with an empty consent cell, so importing the export back records no consent to be called', async () => {
    await importFile(Buffer.from(['Name,Mobile No,WhatsApp opt-in', 'Roundtrip Hema,98765 84001,yes'].join('\n')), 'wa-only.csv');
    const hema = await leadIdWithPhone('+919876584001');
    const exported = (
      await admin.agent
        .get('/api/leads/export.csv')
        .query({ q: '+919876584001' })
        .buffer(true)
        .parse(binaryBody)
        .expect(200)
    ).body as Buffer;
    const [header, row] = exported.toString('utf8').replace(/^\uFEFF/, '').split('\r\n');
    const cells = row.split(',');
    expect(cells[header.split(',').indexOf('_id')]).toBe(hema);
    expect(cells[header.split(',').indexOf('consent')]).toBe('');
    await importFile(exported, 'leads.csv');
    expect((await consentsOf(hema)).map(({ purpose }) => purpose)).toEqual([WHATSAPP_CONSENT_PURPOSE]);
  });

  it('maps a column of any header to the opt-in by the mapping', async () => {
    const csv = ['Name,Mobile No,Msgs OK', 'Mapped Gauri,98765 83001,1'].join('\n');
    await post('/api/leads/import').attach('file', Buffer.from(csv), 'mapped.csv').field('mapping', JSON.stringify({ 'Msgs OK': 'whatsappOptIn' })).expect(200);
    expect((await consentsOf(await leadIdWithPhone('+919876583001'))).map(({ purpose }) => purpose)).toEqual([WHATSAPP_CONSENT_PURPOSE]);
  });
});
