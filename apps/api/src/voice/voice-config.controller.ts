import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { VoiceConfig } from '@lead-desk/contracts';
import { Public } from '../auth/auth.decorators';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { VoiceConfigOutput } from './voice-config.output';

/** What the browser's voice client needs: public values only, never the private key. */
@ApiTags('voice')
@Public()
@Controller('voice')
export class VoiceConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('config')
  @ApiOkResponse({ type: VoiceConfigOutput })
  voiceConfig(): VoiceConfig {
    return {
      publicKey: this.config.VAPI_PUBLIC_KEY ?? null,
      assistantId: this.config.VAPI_ASSISTANT_ID ?? null,
      apiBaseUrl: this.config.VAPI_WEB_API_URL ?? null,
    };
  }
}
