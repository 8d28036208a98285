import { Module } from '@nestjs/common';
import { ConsentsRepository } from './consents.repository';

/** The consent records alone, for modules that write them in their own transactions (the CSV import) without the rest of compliance. */
@Module({ providers: [ConsentsRepository], exports: [ConsentsRepository] })
export class ConsentRecordsModule {}
