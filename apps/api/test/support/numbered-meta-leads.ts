import type { FakeMetaLead } from '@lead-desk/test-support';

/** The i-th of a batch of Meta Lead Ads leads as the Graph API answers them: its own leadgen id (from `firstId`), name and phone. */
export function numberedMetaLead(i: number, batch: { firstId: bigint; namePrefix: string; phonePrefix: string; city?: string }): FakeMetaLead {
  return {
    id: String(batch.firstId + BigInt(i)),
    created_time: new Date().toISOString().replace(/\.\d{3}Z$/, '+0000'),
    field_data: [
      { name: 'full_name', values: [`${batch.namePrefix} ${i}`] },
      { name: 'phone_number', values: [`${batch.phonePrefix}${String(10_000 + i)}`] },
      ...(batch.city ? [{ name: 'city', values: [batch.city] }] : []),
    ],
    campaign_id: '2300000000000001',
    form_id: '900000000000001',
    ad_id: '2300000000000009',
    platform: 'fb',
    is_organic: false,
  };
}
