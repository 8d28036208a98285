import type { PrismaClient } from '../generated/sqlite/client';

/**
 * Both generated clients expose the same model API; their types only differ in
 * provider internals, so the app speaks to either through this one type.
 */
export type LeadDeskPrismaClient = PrismaClient;

/** The client inside a transaction: every model, no connection control. */
export type TransactionClient = Omit<LeadDeskPrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/** What runs raw SQL: the client or a transaction. */
export type RawQueries = Pick<LeadDeskPrismaClient, '$queryRaw' | '$executeRaw'>;
