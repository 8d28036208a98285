import { inboundLeadFromMeta, metaLeadSource } from './meta-lead-mapping';
import type { MetaGraphLead } from './meta-graph-lead';

const graphLead = (overrides: Partial<MetaGraphLead> = {}): MetaGraphLead => ({
  id: '1200000000000001',
  created_time: '2026-11-20T04:45:30+0000',
  field_data: [
    { name: 'full_name', values: ['Aarav Sharma'] },
    { name: 'email', values: ['aarav@example.in'] },
    { name: 'phone_number', values: ['+919876543210'] },
    { name: 'city', values: ['Pune'] },
    { name: 'what_is_your_budget?', values: ['50_lakh_-_1_cr'] },
    { name: 'which_configuration?', values: ['2_bhk', '3_bhk'] },
  ],
  campaign_id: '2300000000000001',
  form_id: '900000000000001',
  ad_id: '2300000000000009',
  platform: 'ig',
  is_organic: false,
  ...overrides,
});

describe('inboundLeadFromMeta', () => {
  it('reads the contact fields as the lead’s, other questions as details in words, the ids as details, created_time as arrival', () => {
    expect(inboundLeadFromMeta(graphLead(), { leadgen_id: '1200000000000001', created_time: 1 })).toEqual({
      fields: { name: 'Aarav Sharma', email: 'aarav@example.in', phone: '+919876543210', location: 'Pune' },
      source: 'instagram ads',
      sourceId: 'source-instagram-ads',
      arrivedAt: new Date('2026-11-20T04:45:30.000Z'),
      details: {
        'Meta lead id': '1200000000000001',
        'What is your budget?': '50 Lakh - 1 Cr',
        'Which configuration?': '2 BHK, 3 BHK',
        Campaign: '2300000000000001',
        Form: '900000000000001',
        Ad: '2300000000000009',
      },
    });
  });

  it('joins first and last name, drops a phone’s p: prefix, and falls back to the notification’s time and ids', () => {
    const lead = graphLead({
      field_data: [
        { name: 'first_name', values: ['Priya'] },
        { name: 'last_name', values: ['Nair'] },
        { name: 'phone_number', values: ['p:+919812345678'] },
        { name: 'email', values: [] },
      ],
      created_time: undefined,
      form_id: undefined,
      ad_id: null,
      campaign_id: null,
      is_organic: true,
    });
    const inbound = inboundLeadFromMeta(lead, { leadgen_id: '1', form_id: '77', ad_id: '88', created_time: 1_763_600_000 });
    expect(inbound.fields).toEqual({ name: 'Priya Nair', phone: '+919812345678' });
    expect(inbound.arrivedAt).toEqual(new Date(1_763_600_000 * 1000));
    expect(inbound.details).toEqual({ 'Meta lead id': '1200000000000001', Form: '77', Ad: '88', Organic: 'yes' });
  });

  it('names the source by platform', () => {
    expect(metaLeadSource('fb').name).toBe('facebook ads');
    expect(metaLeadSource('ig').name).toBe('instagram ads');
    expect(metaLeadSource(undefined).name).toBe('facebook ads');
  });
});
