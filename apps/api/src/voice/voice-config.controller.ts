import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** What the browser's voice client needs: public values only, never the private key. */
@ApiTags('voice')
@Public()
@Controller('voice')
export class VoiceConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('config')
  voiceConfig() {
    return {
      publicKey: this.config.VAPI_PUBLIC_KEY ?? null,
      assistantId: this.config.VAPI_ASSISTANT_ID ?? null,
      apiBaseUrl: this.config.VAPI_WEB_API_URL ?? null,
    };
  }
}
