import { Injectable } from '@nestjs/common';
import type { WhatsappTemplateVariable } from '@lead-desk/contracts';
import { Database } from '../../database/database';
import type { WhatsappTemplate } from '../../database/models';
import type { TransactionClient } from '../../database/prisma-client';
import { newRowId } from '../../database/row-id';

type Db = Pick<TransactionClient, 'whatsappTemplate' | '$executeRaw'>;

/** The only place that queries whatsapp_templates. */
@Injectable()
export class WhatsappTemplatesRepository {
  constructor(private readonly database: Database) {}

  list(): Promise<WhatsappTemplate[]> {
    return this.database.client.whatsappTemplate.findMany({ orderBy: [{ name: 'asc' }, { language: 'asc' }] });
  }

  find(id: string, db: Pick<TransactionClient, 'whatsappTemplate'> = this.database.client): Promise<WhatsappTemplate | null> {
    return db.whatsappTemplate.findUnique({ where: { id } });
  }

  /** The templates of that name not archived, every language. */
  findByName(name: string, db: Pick<TransactionClient, 'whatsappTemplate'> = this.database.client): Promise<WhatsappTemplate[]> {
    return db.whatsappTemplate.findMany({ where: { name, archivedAt: null }, orderBy: { language: 'asc' } });
  }

  /** The template registered under this name and language, archived or not. */
  findRegistered(name: string, language: string, db: Pick<TransactionClient, 'whatsappTemplate'> = this.database.client): Promise<WhatsappTemplate | null> {
    return db.whatsappTemplate.findUnique({ where: { name_language: { name, language } } });
  }

  /** Registers a template unless its name and language are taken; null when they are (two admins at once included). */
  async create(template: { name: string; language: string; variables: WhatsappTemplateVariable[]; body: string | null }, db: Db): Promise<WhatsappTemplate | null> {
    const id = newRowId();
    const now = new Date();
    // Raw for ON CONFLICT DO NOTHING: the unique key decides between two admins registering it at once.
    const inserted = await db.$executeRaw`
      INSERT INTO whatsapp_templates (id, name, language, variables, body, created_at, updated_at)
      VALUES (${id}, ${template.name}, ${template.language}, ${JSON.stringify(template.variables)}, ${template.body}, ${now}, ${now})
      ON CONFLICT (name, language) DO NOTHING`;
    return inserted === 1 ? db.whatsappTemplate.findUnique({ where: { id } }) : null;
  }

  update(id: string, changes: { variables?: WhatsappTemplateVariable[]; body?: string | null; archived?: boolean }, db: Db): Promise<WhatsappTemplate> {
    return db.whatsappTemplate.update({
      where: { id },
      data: {
        ...(changes.variables !== undefined ? { variables: JSON.stringify(changes.variables) } : {}),
        ...(changes.body !== undefined ? { body: changes.body } : {}),
        ...(changes.archived !== undefined ? { archivedAt: changes.archived ? new Date() : null } : {}),
      },
    });
  }
}
