import type { TransactionClient } from '../database/prisma-client';

type Db = Pick<TransactionClient, 'appSetting'>;

/** One app setting (an app_settings row holding JSON): read through its schema, its default until an admin writes it. */
export class JsonAppSetting<T> {
  constructor(
    private readonly key: string,
    private readonly schema: { parse(value: unknown): T },
    private readonly fallback: T,
  ) {}

  async read(db: Db): Promise<T> {
    const row = await db.appSetting.findUnique({ where: { key: this.key } });
    return row ? this.schema.parse(JSON.parse(row.value)) : this.fallback;
  }

  async write(settings: T, db: Db): Promise<T> {
    const value = JSON.stringify(settings);
    await db.appSetting.upsert({ where: { key: this.key }, create: { key: this.key, value }, update: { value } });
    return settings;
  }
}
