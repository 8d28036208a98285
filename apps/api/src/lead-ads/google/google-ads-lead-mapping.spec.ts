import { inboundLeadFromGoogle } from './google-ads-lead-mapping';
import { googleAdsLeadSchema } from './google-ads-lead';
import { checkGoogleKey } from './google-ads-key';

describe('inboundLeadFromGoogle', () => {
  it('reads the contact columns as the lead’s, other columns as details by their wording, is_test as a test lead', () => {
    const lead = googleAdsLeadSchema.parse({
      lead_id: 'TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-0123456789-AaBbCcDdEeFfGgHhIiJjKkLl',
      user_column_data: [
        { column_name: 'Full Name', string_value: 'Aarav Sharma', column_id: 'FULL_NAME' },
        { column_name: 'User Phone', string_value: '+91 98765 43210', column_id: 'PHONE_NUMBER' },
        { column_name: 'User Email', string_value: 'aarav@example.in', column_id: 'EMAIL' },
        { column_name: 'City', string_value: 'Pune', column_id: 'CITY' },
        { column_name: 'Postal Code', string_value: '411045', column_id: 'POSTAL_CODE' },
        { string_value: '3 BHK', column_id: 'WHICH_CONFIGURATION' },
      ],
      api_version: '1.0',
      form_id: 40000000000,
      campaign_id: 20000000000,
      google_key: 'secret',
      is_test: true,
      gcl_id: 'EAIaIQobChMI',
      adgroup_id: 20000000000,
      creative_id: 30000000000,
    });
    expect(inboundLeadFromGoogle(lead)).toEqual({
      fields: { name: 'Aarav Sharma', email: 'aarav@example.in', phone: '+91 98765 43210', location: 'Pune' },
      source: 'google ads',
      sourceId: 'source-google-ads',
      test: true,
      details: {
        'Google lead id': lead.lead_id,
        'Postal Code': '411045',
        'Which configuration': '3 BHK',
        Campaign: '20000000000',
        Form: '40000000000',
        'Google click id': 'EAIaIQobChMI',
      },
    });
  });

  it('joins FIRST_NAME and LAST_NAME, takes a work email when no email is given, and lead_submit_time as arrival', () => {
    const lead = googleAdsLeadSchema.parse({
      lead_id: 'lead-2',
      user_column_data: [
        { column_id: 'FIRST_NAME', string_value: 'Priya' },
        { column_id: 'LAST_NAME', string_value: 'Nair' },
        { column_id: 'WORK_EMAIL', string_value: 'priya@work.example.in' },
      ],
      lead_submit_time: '2024-09-26T12:30:00Z',
    });
    const inbound = inboundLeadFromGoogle(lead);
    expect(inbound.fields).toEqual({ name: 'Priya Nair', email: 'priya@work.example.in' });
    expect(inbound.arrivedAt).toEqual(new Date('2024-09-26T12:30:00Z'));
    expect(inbound.test).toBeUndefined();
  });
});

describe('checkGoogleKey', () => {
  it('tells a valid, a wrong and a missing key', () => {
    expect(checkGoogleKey({ google_key: 'form-key' }, 'form-key')).toBe('valid');
    expect(checkGoogleKey({ google_key: 'form-key!' }, 'form-key')).toBe('wrong');
    expect(checkGoogleKey({ google_key: '' }, 'form-key')).toBe('missing');
    expect(checkGoogleKey({}, 'form-key')).toBe('missing');
    expect(checkGoogleKey(null, 'form-key')).toBe('missing');
  });
});
