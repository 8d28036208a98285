import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { StaffModule } from '../staff/staff.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionsRepository } from './sessions.repository';
import { StaffAuthGuard } from './staff-auth.guard';

@Module({
  imports: [StaffModule],
  controllers: [AuthController],
  providers: [AuthService, SessionsRepository, { provide: APP_GUARD, useClass: StaffAuthGuard }],
  exports: [AuthService],
})
export class AuthModule {}
