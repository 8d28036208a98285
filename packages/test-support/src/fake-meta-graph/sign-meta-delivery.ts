import { createHmac } from 'node:crypto';

/** X-Hub-Signature-256 as Meta signs a delivery: `sha256=` and the hex HMAC-SHA256 of the exact body with the app secret. */
export function metaSignature(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** A Page's leadgen notification, as Meta posts it: ids only. */
export function metaLeadgenNotification(leads: { leadgenId: string; pageId?: string; formId?: string; adId?: string; createdTime?: number }[]): object {
  return {
    object: 'page',
    entry: leads.map(({ leadgenId, pageId = '100000000000001', formId = '900000000000001', adId = '230000000000001', createdTime = Math.floor(Date.now() / 1000) }) => ({
      id: pageId,
      time: createdTime,
      changes: [{ field: 'leadgen', value: { ad_id: adId, form_id: formId, leadgen_id: leadgenId, created_time: createdTime, page_id: pageId, adgroup_id: adId } }],
    })),
  };
}
