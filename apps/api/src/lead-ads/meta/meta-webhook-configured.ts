import { NotFoundException } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';

/** Meta's settings once all three are set: without any of them the webhook cannot do its work. */
export interface MetaWebhookSettings {
  appSecret: string;
  verifyToken: string;
  pageAccessToken: string;
}

/** The settings, or a 404 saying which variables to set: an unconfigured channel is not there. */
export function metaWebhookSettings(config: AppConfig): MetaWebhookSettings {
  const { META_APP_SECRET: appSecret, META_VERIFY_TOKEN: verifyToken, META_PAGE_ACCESS_TOKEN: pageAccessToken } = config;
  if (!appSecret || !verifyToken || !pageAccessToken) {
    throw new NotFoundException('The Meta Lead Ads webhook is not configured: set META_APP_SECRET, META_VERIFY_TOKEN and META_PAGE_ACCESS_TOKEN.');
  }
  return { appSecret, verifyToken, pageAccessToken };
}
