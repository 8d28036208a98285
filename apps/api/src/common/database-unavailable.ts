import { ServiceUnavailableException } from '@nestjs/common';

// How "the database cannot be reached" surfaces through Prisma, its driver adapters
// and the drivers themselves: error codes, adapter error kinds, or only a message.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'TooManyConnections', 'SocketTimeout', 'DatabaseDoesNotExist']);
const DRIVER_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P03', '08000', '08001', '08003', '08006', 'SQLITE_BUSY']);
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database server|terminating connection|Client has encountered a connection error/i;

/**
 * True when `error`, or anything it wraps (its cause chain, or the driver adapter error a
 * Prisma request error carries in `meta`), says the database is out of reach.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let inspected = 0; pending.length > 0 && inspected < 12; inspected += 1) {
    const candidate = pending.shift() as { name?: string; code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } } | undefined;
    if (!candidate || typeof candidate !== 'object') continue;
    if (candidate.name === 'PrismaClientInitializationError') return true;
    if (typeof candidate.code === 'string' && (PRISMA_CODES.has(candidate.code) || DRIVER_CODES.has(candidate.code))) return true;
    if (typeof candidate.kind === 'string' && ADAPTER_KINDS.has(candidate.kind)) return true;
    if (typeof candidate.message === 'string' && MESSAGES.test(candidate.message)) return true;
    pending.push(candidate.cause, candidate.meta?.driverAdapterError);
  }
  return false;
}

export function databaseUnavailable(): ServiceUnavailableException {
  return new ServiceUnavailableException('The database is unavailable. Try again shortly.');
}
