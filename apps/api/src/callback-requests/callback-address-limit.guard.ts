import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { CallbackRequestLimits } from './callback-request-limits';

/** Counts every callback request against its client's address before its body is read or checked: junk and bots count too. */
@Injectable()
export class CallbackAddressLimitGuard implements CanActivate {
  constructor(private readonly limits: CallbackRequestLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    await this.limits.admitAddress(request.ip ?? 'unknown');
    return true;
  }
}
