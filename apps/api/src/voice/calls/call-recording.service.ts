import { BadGatewayException, GatewayTimeoutException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Call } from '../../database/models';
import { isRecordingHost } from './recording-hosts';

/** What the browser gets of a recording: its status, the headers worth passing on, and the audio as it streams. */
export interface RecordingStream {
  status: 200 | 206;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
  /** Stops the download when the browser goes away. */
  abort(): void;
}

/** Headers of the storage's answer the player needs to play and seek. */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges'];

/**
 * A call's recording, fetched from Vapi for the browser. Vapi's storage is private: `GET
 * /call/{id}/mono-recording` (with the private key) answers with a redirect to a short-lived
 * signed URL, which is followed here without the key (a signed URL refuses a second
 * credential) and with the browser's Range, so the player can seek. Neither the key nor the
 * signed URL reaches the browser. The redirect is followed once, and only to a host of
 * VAPI_RECORDING_HOSTS (never into the app's own network), and only audio is passed on (an
 * HTML answer served from the app's origin would run as the app).
 */
@Injectable()
export class CallRecordingService {
  private readonly logger = new Logger(CallRecordingService.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async open(call: Call, range: string | undefined): Promise<RecordingStream> {
    if (!call.recordingUrl) throw notFound(`Call ${call.id} has no recording.`);
    if (!this.config.VAPI_PRIVATE_KEY) {
      throw new ServiceUnavailableException('Recordings are not configured: set VAPI_PRIVATE_KEY.');
    }
    const controller = new AbortController();
    // The timeout bounds the wait for an answer, not the download of a long recording.
    const timer = setTimeout(() => controller.abort(), this.config.VAPI_TIMEOUT_SECONDS * 1000);
    const rangeHeader: Record<string, string> = range ? { Range: range } : {};
    try {
      const url = new URL(`call/${encodeURIComponent(call.vapiCallId)}/mono-recording`, `${this.config.VAPI_API_URL.replace(/\/?$/, '/')}`);
      let answer = await fetch(url, {
        headers: { Authorization: `Bearer ${this.config.VAPI_PRIVATE_KEY}`, ...rangeHeader },
        redirect: 'manual',
        signal: controller.signal,
      });
      const location = answer.headers.get('location');
      if (answer.status >= 300 && answer.status < 400 && location) {
        await answer.body?.cancel();
        const storage = new URL(location, url);
        if (!isRecordingHost(storage, this.config.VAPI_RECORDING_HOSTS, url)) {
          this.logger.error({ callId: call.id, host: storage.host, protocol: storage.protocol }, 'Recording redirect to a host VAPI_RECORDING_HOSTS does not list');
          throw new BadGatewayException(`The voice platform sent the recording to ${storage.host}, which VAPI_RECORDING_HOSTS does not list.`);
        }
        // A further redirect is the storage's answer, not followed: it could lead anywhere.
        answer = await fetch(storage, { headers: rangeHeader, redirect: 'manual', signal: controller.signal });
      }
      if (answer.status === 404) throw notFound(`Vapi has no recording of call ${call.id}.`);
      if ((answer.status !== 200 && answer.status !== 206) || !answer.body) {
        await answer.body?.cancel();
        this.logger.error({ callId: call.id, vapiCallId: call.vapiCallId, status: answer.status }, 'Voice platform refused a recording');
        throw new BadGatewayException(`The voice platform answered ${answer.status} for the recording.`);
      }
      const contentType = answer.headers.get('content-type') ?? '';
      if (!/^audio\/[\w.+-]+\s*(;|$)/i.test(contentType)) {
        await answer.body.cancel();
        this.logger.error({ callId: call.id, contentType }, 'Recording storage answered something other than audio');
        throw new BadGatewayException('The voice platform answered something other than audio for the recording.');
      }
      const headers = Object.fromEntries(PASSED_HEADERS.flatMap((name) => (answer.headers.has(name) ? [[name, answer.headers.get(name)!]] : [])));
      return { status: answer.status, headers, body: answer.body, abort: () => controller.abort() };
    } catch (error) {
      if (controller.signal.aborted) {
        this.logger.error({ callId: call.id, timeoutSeconds: this.config.VAPI_TIMEOUT_SECONDS }, 'Voice platform timed out on a recording');
        throw new GatewayTimeoutException(`The voice platform did not answer within ${this.config.VAPI_TIMEOUT_SECONDS} s.`);
      }
      if (error instanceof NotFoundException || error instanceof BadGatewayException) throw error;
      this.logger.error({ err: error, callId: call.id }, 'Voice platform unreachable for a recording');
      throw new BadGatewayException('The voice platform could not be reached for the recording.');
    } finally {
      clearTimeout(timer);
    }
  }
}

function notFound(message: string): NotFoundException {
  return new NotFoundException(message);
}
