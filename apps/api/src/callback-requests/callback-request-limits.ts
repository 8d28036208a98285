import { Inject, Injectable } from '@nestjs/common';
import { HourlyRequestLimit } from '../common/hourly-request-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Database } from '../database/database';

/**
 * The callback form's limits, per client address and per phone number, each
 * CALLBACK_REQUESTS_PER_*_PER_HOUR, across every API process (HourlyRequestLimit).
 */
@Injectable()
export class CallbackRequestLimits {
  private readonly perAddress: HourlyRequestLimit;
  private readonly perPhone: HourlyRequestLimit;

  constructor(database: Database, @Inject(APP_CONFIG) config: AppConfig) {
    this.perAddress = new HourlyRequestLimit(database, 'callback-address', config.CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR, 'Too many callback requests from this address');
    this.perPhone = new HourlyRequestLimit(database, 'callback-phone', config.CALLBACK_REQUESTS_PER_PHONE_PER_HOUR, 'Too many callback requests for this phone number');
  }

  /** Counts a request from `address`; 429 with Retry-After past the hour's limit. */
  admitAddress(address: string): Promise<void> {
    return this.perAddress.admit(address);
  }

  /** Counts a request for `phone` (E.164), whatever address it comes from; 429 with Retry-After past the hour's limit. */
  admitPhone(phone: string): Promise<void> {
    return this.perPhone.admit(phone);
  }
}
