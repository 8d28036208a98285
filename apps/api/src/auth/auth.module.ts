import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { StaffModule } from '../staff/staff.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionsRepository } from './sessions.repository';
import { AccountSignInLimit } from './sign-in-limit/account-sign-in-limit';
import { SignInAttemptsRepository } from './sign-in-limit/sign-in-attempts.repository';
import { StaffAuthGuard } from './staff-auth.guard';

@Module({
  imports: [StaffModule],
  controllers: [AuthController],
  providers: [AuthService, SessionsRepository, AccountSignInLimit, SignInAttemptsRepository, { provide: APP_GUARD, useClass: StaffAuthGuard }],
  exports: [AuthService],
})
export class AuthModule {}
