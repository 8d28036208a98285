import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';

/**
 * Prisma's SQLite adapter, each of whose connections overwrites what it deletes with zeros
 * (`secure_delete`: the cells of deleted rows and the pages they free), so an erased person
 * cannot be read back from the file. A setting of the connection, not of the file: every
 * connection that writes must set it, the app's, the migrations' and the command-line tools'.
 */
export class SecureDeleteSqliteAdapter extends PrismaBetterSqlite3 {
  override async connect(): Promise<SqlDriverAdapter> {
    const adapter = await super.connect();
    await adapter.executeScript('PRAGMA secure_delete = ON');
    return adapter;
  }
}
