import { Module } from '@nestjs/common';
import { ConsentWithdrawals } from './consent-withdrawals';
import { ConsentsRepository } from './consents.repository';

/** The consent records alone, for modules that write them in their own transactions (the CSV import) without the rest of compliance. */
@Module({ providers: [ConsentsRepository, ConsentWithdrawals], exports: [ConsentsRepository, ConsentWithdrawals] })
export class ConsentRecordsModule {}
