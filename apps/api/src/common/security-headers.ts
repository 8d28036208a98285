import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

// The voice SDK talks to the voice platform's API and joins a Daily.co WebRTC room,
// whose call code it loads from Daily's CDN.
const VOICE_ORIGINS = ['https://api.vapi.ai', 'https://*.vapi.ai', 'https://*.daily.co', 'wss://*.daily.co', 'https://*.pluot.blue', 'wss://*.pluot.blue'];

/** Helmet's headers with a Content-Security-Policy that still lets the voice SDK work. */
export function securityHeaders(config: AppConfig): RequestHandler {
  const voiceApi = config.VAPI_WEB_API_URL ? [new URL(config.VAPI_WEB_API_URL).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://c.daily.co', 'https://*.daily.co'],
        connectSrc: ["'self'", ...VOICE_ORIGINS, ...voiceApi],
        // Call recordings play through the API (GET /api/calls/:id/recording); the voice SDK plays streams.
        mediaSrc: ["'self'", 'blob:', 'mediastream:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ['https://*.daily.co'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // React sets style attributes (the live volume meter).
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // The SDK's audio needs cross-origin resources that do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
}
