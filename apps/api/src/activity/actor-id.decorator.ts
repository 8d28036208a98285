import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The id of the signed-in member of staff making the request, who an activity entry names; null in open mode. */
export const ActorId = createParamDecorator((_data: unknown, context: ExecutionContext): string | null => context.switchToHttp().getRequest<Request>().staff?.id ?? null);
