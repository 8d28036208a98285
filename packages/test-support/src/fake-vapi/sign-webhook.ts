import { createHmac } from 'node:crypto';

/** A Vapi HMAC credential (its HMACAuthenticationPlan), for signing deliveries as Vapi does. */
export interface VapiHmacPlan {
  secretKey: string;
  algorithm?: 'sha256' | 'sha512' | 'sha1';
  signatureHeader?: string;
  timestampHeader?: string;
  includeTimestamp?: boolean;
  payloadFormat?: string;
  signaturePrefix?: string;
  signatureEncoding?: 'hex' | 'base64';
  secretIsBase64?: boolean;
  messageIdHeader?: string;
}

export interface SignedDelivery {
  /** Unix time of the delivery; seconds unless given otherwise. Default: now. */
  timestamp?: number;
  method?: string;
  url?: string;
  messageId?: string;
}

/** The headers Vapi sends with `body` under an HMAC credential: the signature, and the timestamp and message id it signed. */
export function vapiHmacHeaders(body: string | Buffer, plan: VapiHmacPlan, delivery: SignedDelivery = {}): Record<string, string> {
  const includeTimestamp = plan.includeTimestamp ?? true;
  const timestamp = String(delivery.timestamp ?? Math.floor(Date.now() / 1000));
  const format = plan.payloadFormat ?? (includeTimestamp ? '{timestamp}.{body}' : '{body}');
  const values: Record<string, string | Buffer> = {
    body: Buffer.from(body),
    timestamp,
    method: delivery.method ?? 'POST',
    url: delivery.url ?? '',
    'svix-id': delivery.messageId ?? '',
  };
  const pieces = format.split(/(\{(?:body|timestamp|method|url|svix-id)\})/).map((piece) => {
    const placeholder = /^\{(.+)\}$/.exec(piece)?.[1];
    return placeholder && placeholder in values ? Buffer.from(values[placeholder]) : Buffer.from(piece);
  });
  const key = plan.secretIsBase64 ? Buffer.from(plan.secretKey, 'base64') : plan.secretKey;
  const signature = createHmac(plan.algorithm ?? 'sha256', key).update(Buffer.concat(pieces)).digest(plan.signatureEncoding ?? 'hex');
  return {
    [plan.signatureHeader ?? 'x-signature']: `${plan.signaturePrefix ?? ''}${signature}`,
    ...(includeTimestamp ? { [plan.timestampHeader ?? 'x-timestamp']: timestamp } : {}),
    ...(delivery.messageId ? { [plan.messageIdHeader ?? 'svix-id']: delivery.messageId } : {}),
  };
}
