import { Body, Controller, Get, Headers, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiDefaultResponse, ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Property } from '@lead-desk/contracts';
import type { Request, Response } from 'express';
import { Public, Roles } from '../auth/auth.decorators';
import { ErrorBodyOutput } from '../common/error-body.output';
import { versionFromIfMatch, versionTag } from '../common/version-tag';
import { NewPropertyInput, PropertyChangesInput, PropertyIdParams } from './inputs/property.inputs';
import { listedPropertiesTag } from './listed-properties-tag';
import { ListedPropertyOutput, PropertyOutput } from './outputs/property.outputs';
import { PropertiesService } from './properties.service';

/** Browsers and proxies may keep the page's list, but ask each time whether it changed (a 304 when not). */
const REVALIDATE_EACH_TIME = 'public, no-cache';

@ApiTags('properties')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('properties')
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  /** The customer page's explorer (public). */
  @Public()
  @Get()
  @ApiOkResponse({ type: [ListedPropertyOutput], description: 'Available and booked properties, by id; sold ones are left out. Header: ETag (If-None-Match answers 304 while it holds).' })
  @ApiNotModifiedResponse({ description: 'The list is still the one the If-None-Match tag names.' })
  async listed(@Req() request: Request, @Res() response: Response): Promise<void> {
    const body = JSON.stringify(await this.properties.listed());
    response.setHeader('Cache-Control', REVALIDATE_EACH_TIME);
    response.setHeader('ETag', listedPropertiesTag(body));
    // Express compares If-None-Match with the ETag just set.
    if (request.fresh) {
      response.status(304).end();
      return;
    }
    response.type('application/json').send(body);
  }

  @Get('inventory')
  @ApiOkResponse({ type: [PropertyOutput], description: 'Every property, sold ones too, by id, with its status, site-visit address and version (staff: admins and agents).' })
  inventory(): Promise<Property[]> {
    return this.properties.inventory();
  }

  @Post()
  @Roles('admin')
  @ApiCreatedResponse({ type: PropertyOutput, description: 'The new property, available unless said otherwise; its price (text or rupees) is stored as the page’s text and in rupees. Header: ETag.' })
  async create(@Body() body: NewPropertyInput, @Res({ passthrough: true }) response: Response): Promise<Property> {
    const property = await this.properties.create(body);
    response.setHeader('ETag', versionTag(property.version));
    return property;
  }

  /** Edits a property, marking it booked or sold too; with If-Match, only while it is still at that version (412 otherwise, nothing changed). */
  @Patch(':id')
  @Roles('admin')
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag (version) the change was made against; a property changed since answers 412.' })
  @ApiOkResponse({ type: PropertyOutput, description: 'The property as changed. Header: ETag.' })
  async update(
    @Param() params: PropertyIdParams,
    @Body() body: PropertyChangesInput,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Property> {
    const property = await this.properties.update(params.id, body, versionFromIfMatch(ifMatch, 'property'));
    response.setHeader('ETag', versionTag(property.version));
    return property;
  }
}
