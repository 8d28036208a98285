import { Global, Module } from '@nestjs/common';
import { ErasedPeople } from './erased-people';

/** Recognising erased people who come back: every module that creates leads asks ErasedPeople. */
@Global()
@Module({ providers: [ErasedPeople], exports: [ErasedPeople] })
export class ErasedPeopleModule {}
