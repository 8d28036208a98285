import { SetMetadata } from '@nestjs/common';

export const REQUEST_BODY = 'leadDesk:requestBody';

/** What a route reads as its body; any route reads JSON up to 1 MB unless it says otherwise. */
export type RequestBodyKind = 'json' | 'csv-upload' | 'webhook' | 'inbound-lead';

/** A CSV file sent as a text/csv (or text/plain) body, up to IMPORT_MAX_BYTES; a multipart upload is the route's FileInterceptor's. */
export const CsvUploadBody = () => SetMetadata(REQUEST_BODY, 'csv-upload' satisfies RequestBodyKind);

/** The voice platform's JSON, up to WEBHOOK_MAX_BYTES, its bytes kept for a signature. */
export const WebhookBody = () => SetMetadata(REQUEST_BODY, 'webhook' satisfies RequestBodyKind);

/** One lead as JSON from a lead source's API key, up to INBOUND_LEAD_MAX_BYTES: a lead is a few hundred bytes. */
export const InboundLeadBody = () => SetMetadata(REQUEST_BODY, 'inbound-lead' satisfies RequestBodyKind);
export const INBOUND_LEAD_MAX_BYTES = 64 * 1024;
