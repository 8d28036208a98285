import { Injectable } from '@nestjs/common';

/** Whether this instance has been told to stop (SIGTERM, SIGINT): from then on it reports itself not ready, so the load balancer sends it nothing new. */
@Injectable()
export class ShutdownState {
  private stopping = false;

  begin(): void {
    this.stopping = true;
  }

  get shuttingDown(): boolean {
    return this.stopping;
  }
}
