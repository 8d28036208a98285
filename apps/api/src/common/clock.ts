import { Injectable } from '@nestjs/common';

/** What time it is, injectable: rules that depend on the hour (calling hours) are tested at the hour they name. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
