import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiDefaultResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Session } from '@lead-desk/contracts';
import type { CookieOptions, Request, Response } from 'express';
import { ErrorBodyOutput } from '../common/error-body.output';
import { RateLimit, SIGN_IN_LIMIT } from '../common/rate-limits';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { SignInInput } from './inputs/sign-in.input';
import { SessionOutput } from './outputs/session.output';
import { SESSION_COOKIE } from './staff-session';

@ApiTags('auth')
@ApiDefaultResponse({ description: 'An error', type: ErrorBodyOutput })
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Who is signed in (and the CSRF token for changes), or 401 in staff mode without a session. */
  @Public()
  @Get('me')
  @ApiOkResponse({ type: SessionOutput })
  async me(@Req() request: Request): Promise<Session> {
    if (this.config.AUTH_MODE === 'open') {
      return { authMode: 'open', staff: null, csrfToken: null, ...(this.config.isProduction && { openInProduction: true }) };
    }
    const staff = await this.auth.principalOf(request.cookies?.[SESSION_COOKIE]);
    if (!staff) throw new UnauthorizedException('Sign in to continue.');
    const { sessionId, ...visible } = staff;
    return { authMode: 'staff', staff: visible, csrfToken: this.auth.csrfTokenFor(sessionId) };
  }

  @Public()
  @Post('sign-in')
  @HttpCode(200)
  @RateLimit(SIGN_IN_LIMIT)
  @ApiOkResponse({ type: SessionOutput })
  async signIn(@Body() body: SignInInput, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Session> {
    const session = await this.auth.signIn(body.email, body.password);
    response.cookie(SESSION_COOKIE, session.token, { ...this.cookieOptions(request), expires: session.expiresAt });
    const { sessionId, ...visible } = session.staff;
    return { authMode: this.config.AUTH_MODE, staff: visible, csrfToken: session.csrfToken };
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Signed out: the session is revoked and its cookie cleared.' })
  async signOut(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    if (request.staff) await this.auth.signOut(request.staff.sessionId);
    response.clearCookie(SESSION_COOKIE, this.cookieOptions(request));
  }

  private cookieOptions(request: Request): CookieOptions {
    return { httpOnly: true, sameSite: 'strict', path: '/', secure: request.secure || this.config.COOKIE_SECURE };
  }
}
