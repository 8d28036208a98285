import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { StaffRole } from '@lead-desk/contracts';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PUBLIC_ROUTE, REQUIRED_ROLES } from './auth.decorators';
import { AuthService } from './auth.service';
import { sameToken } from './session-token';
import { CSRF_HEADER, SESSION_COOKIE } from './staff-session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * In staff mode every route needs a live session (401), the right role (403) and, for
 * changes, the session's CSRF token in X-CSRF-Token (403). Open mode lets all through.
 */
@Injectable()
export class StaffAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.config.AUTH_MODE === 'open' || this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const staff = await this.auth.principalOf(request.cookies?.[SESSION_COOKIE]);
    if (!staff) throw new UnauthorizedException('Sign in to continue.');
    request.staff = staff;

    if (!SAFE_METHODS.has(request.method) && !sameToken(request.header(CSRF_HEADER), this.auth.csrfTokenFor(staff.sessionId))) {
      throw new ForbiddenException('Missing or invalid CSRF token (X-CSRF-Token).');
    }
    const roles = this.reflector.getAllAndOverride<StaffRole[] | undefined>(REQUIRED_ROLES, targets);
    if (roles && !roles.includes(staff.role)) {
      throw new ForbiddenException(`This needs the ${roles.join(' or ')} role.`);
    }
    return true;
  }
}
