import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { SkipThrottle, ThrottlerGuard } from '@nestjs/throttler';
import { ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { WEBHOOK_LIMIT } from '../common/rate-limits';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { SignInInput } from './inputs/sign-in.input';
import { SESSION_COOKIE } from './staff-session';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Who is signed in (and the CSRF token for changes), or 401 in staff mode without a session. */
  @Public()
  @Get('me')
  async me(@Req() request: Request) {
    if (this.config.AUTH_MODE === 'open') return { authMode: 'open', staff: null, csrfToken: null };
    const staff = await this.auth.principalOf(request.cookies?.[SESSION_COOKIE]);
    if (!staff) throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Sign in to continue.' });
    const { sessionId, ...visible } = staff;
    return { authMode: 'staff', staff: visible, csrfToken: this.auth.csrfTokenFor(sessionId) };
  }

  @Public()
  @Post('sign-in')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @SkipThrottle({ [WEBHOOK_LIMIT]: true })
  async signIn(@Body() body: SignInInput, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const session = await this.auth.signIn(body.email, body.password);
    response.cookie(SESSION_COOKIE, session.token, { ...this.cookieOptions(request), expires: session.expiresAt });
    const { sessionId, ...visible } = session.staff;
    return { authMode: this.config.AUTH_MODE, staff: visible, csrfToken: session.csrfToken };
  }

  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    if (request.staff) await this.auth.signOut(request.staff.sessionId);
    response.clearCookie(SESSION_COOKIE, this.cookieOptions(request));
  }

  private cookieOptions(request: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'strict', path: '/', secure: request.secure || this.config.COOKIE_SECURE };
  }
}
