import type { Request } from 'express';

type BeforeErrorAnswer = (status: number) => Promise<void>;

const waiting = new WeakMap<Request, BeforeErrorAnswer[]>();

/**
 * Work a request's error answer waits for, given the answer's status (counting a refused
 * webhook where every process sees it): HttpErrorFilter writes the answer only once it is
 * done, so the client's next request, to whichever process, already sees its effect.
 */
export function beforeErrorAnswer(request: Request, work: BeforeErrorAnswer): void {
  waiting.set(request, [...(waiting.get(request) ?? []), work]);
}

/** Runs the request's waiting work in order (HttpErrorFilter's part); undefined when none waits, so the answer need not wait a turn. */
export function runBeforeErrorAnswer(request: Request, status: number): Promise<void> | undefined {
  const works = waiting.get(request);
  if (!works) return undefined;
  return works.reduce((done, work) => done.then(() => work(status)), Promise.resolve());
}
