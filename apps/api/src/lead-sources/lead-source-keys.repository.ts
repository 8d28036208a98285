import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';

export interface StoredLeadSourceKey {
  id: string;
  prefix: string;
  label: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A key looked up by its hash, with what the inbound API needs of its source. */
export interface PresentedKey {
  id: string;
  prefix: string;
  revokedAt: Date | null;
  source: { id: string; name: string; archivedAt: Date | null };
}

const KEY_FIELDS = { id: true, prefix: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/** The only place that reads and writes lead_source_keys: hashes and prefixes, never a key. */
@Injectable()
export class LeadSourceKeysRepository {
  constructor(private readonly database: Database) {}

  create(sourceId: string, key: { prefix: string; hash: string; label: string | null }): Promise<StoredLeadSourceKey> {
    return this.database.client.leadSourceKey.create({ data: { sourceId, ...key }, select: KEY_FIELDS });
  }

  list(sourceId: string): Promise<StoredLeadSourceKey[]> {
    return this.database.client.leadSourceKey.findMany({ where: { sourceId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: KEY_FIELDS });
  }

  /** Revokes the key of that source (once: a second revoke keeps the first time); false when the source has no such key. */
  async revoke(sourceId: string, keyId: string, at: Date): Promise<boolean> {
    const key = await this.database.client.leadSourceKey.findFirst({ where: { id: keyId, sourceId }, select: { id: true } });
    if (!key) return false;
    await this.database.client.leadSourceKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: at } });
    return true;
  }

  findByHash(hash: string): Promise<PresentedKey | null> {
    return this.database.client.leadSourceKey.findUnique({
      where: { hash },
      select: { id: true, prefix: true, revokedAt: true, source: { select: { id: true, name: true, archivedAt: true } } },
    });
  }

  async markUsed(id: string, at: Date): Promise<void> {
    await this.database.client.leadSourceKey.update({ where: { id }, data: { lastUsedAt: at } });
  }
}
