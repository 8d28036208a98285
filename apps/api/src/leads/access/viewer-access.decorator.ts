import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { leadAccessOf } from './lead-access';

/** The LeadAccess of the signed-in member of staff making the request (StaffAuthGuard has put them on it). */
export const ViewerAccess = createParamDecorator((_data: unknown, context: ExecutionContext) =>
  leadAccessOf(context.switchToHttp().getRequest<Request>().staff),
);
