import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WhatsappAutomaticMessages } from '@lead-desk/contracts';
import { Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { WhatsappAutomaticSettingsService } from '../whatsapp/automatic/whatsapp-automatic-settings.service';
import { WhatsappAutomaticMessagesInput } from './inputs/whatsapp-automatic-messages.input';
import { WhatsappAutomaticMessagesOutput } from './outputs/whatsapp-automatic-messages.output';

@ApiTags('whatsapp')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Roles('admin')
@Controller('settings/whatsapp-automatic')
export class WhatsappAutomaticMessagesController {
  constructor(private readonly settings: WhatsappAutomaticSettingsService) {}

  @Get()
  @ApiOkResponse({ type: WhatsappAutomaticMessagesOutput, description: 'The automatic WhatsApp messages: each on or off, with its template; the reminder’s lead time.' })
  get(): Promise<WhatsappAutomaticMessages> {
    return this.settings.read();
  }

  @Put()
  @ApiOkResponse({ type: WhatsappAutomaticMessagesOutput })
  put(@Body() body: WhatsappAutomaticMessagesInput): Promise<WhatsappAutomaticMessages> {
    return this.settings.write(body);
  }
}
