import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { WhatsappTemplate, WhatsappTemplateVariable } from '@lead-desk/contracts';
import { Roles } from '../../auth/auth.decorators';
import { ErrorBodyOutput } from '../../common/error-body.output';
import { IdParams } from '../../common/id.params';
import { NewWhatsappTemplateInput, WhatsappTemplateChangesInput } from './inputs/whatsapp-template.inputs';
import { WhatsappTemplateOutput } from './outputs/whatsapp-template.output';
import { WhatsappTemplatesService } from './whatsapp-templates.service';

@ApiTags('whatsapp')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('whatsapp/templates')
export class WhatsappTemplatesController {
  constructor(private readonly templates: WhatsappTemplatesService) {}

  @Get()
  @ApiOkResponse({ type: [WhatsappTemplateOutput], description: 'Every registered template, archived ones too, by name and language.' })
  list(): Promise<WhatsappTemplate[]> {
    return this.templates.list();
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: WhatsappTemplateOutput, description: 'Registered; 409 when its name and language are already.' })
  create(@Body() body: NewWhatsappTemplateInput): Promise<WhatsappTemplate> {
    return this.templates.create(body as NewWhatsappTemplateInput & { variables: WhatsappTemplateVariable[] });
  }

  @Patch(':id')
  @Roles('admin')
  @ApiOkResponse({ type: WhatsappTemplateOutput, description: 'Its variables and body changed, or archived (no longer offered) or brought back.' })
  update(@Param() params: IdParams, @Body() body: WhatsappTemplateChangesInput): Promise<WhatsappTemplate> {
    return this.templates.update(params.id, body);
  }
}
