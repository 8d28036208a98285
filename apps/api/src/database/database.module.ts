import { Global, Module } from '@nestjs/common';
import { DatabaseReader } from './database-reader';
import { PrismaService } from './prisma.service';

@Global()
@Module({ providers: [PrismaService, DatabaseReader], exports: [PrismaService, DatabaseReader] })
export class DatabaseModule {}
