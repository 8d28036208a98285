import { Injectable } from '@nestjs/common';
import type { PropertyCategory, PropertyStatus } from '@lead-desk/contracts';
import { Database } from '../database/database';
import type { PropertyRow } from '../database/models';

/** A property as the app reads it: its amenities a list, its category and status named. */
export type StoredProperty = Omit<PropertyRow, 'amenities' | 'category' | 'status'> & {
  amenities: string[];
  category: PropertyCategory;
  status: PropertyStatus;
};

/** The columns a new property is written with (id, version and times are the table's). */
export type NewPropertyColumns = Omit<StoredProperty, 'id' | 'version' | 'createdAt' | 'updatedAt'>;
export type PropertyColumnChanges = Partial<NewPropertyColumns>;

/** The only place that reads and writes the properties table: a few hundred rows at most, read whole. */
@Injectable()
export class PropertiesRepository {
  constructor(private readonly database: Database) {}

  /** Every property of these statuses (all when none are named), by id: the page's order. */
  async list(statuses?: readonly PropertyStatus[]): Promise<StoredProperty[]> {
    const rows = await this.database.client.property.findMany({
      where: statuses ? { status: { in: [...statuses] } } : {},
      orderBy: { id: 'asc' },
    });
    return rows.map(storedProperty);
  }

  async find(id: number): Promise<StoredProperty | null> {
    const row = await this.database.client.property.findUnique({ where: { id } });
    return row && storedProperty(row);
  }

  async create(columns: NewPropertyColumns): Promise<StoredProperty> {
    return storedProperty(await this.database.client.property.create({ data: { ...columns, amenities: JSON.stringify(columns.amenities) } }));
  }

  /**
   * Writes the changes only while the property is still at `version`, bumping it; null when
   * it is not (changed meanwhile, or gone): `UPDATE … WHERE id AND version`, so two admins'
   * edits never overwrite each other unseen.
   */
  async updateAtVersion(id: number, version: number, changes: PropertyColumnChanges): Promise<StoredProperty | null> {
    const { amenities, ...rest } = changes;
    const data = { ...rest, ...(amenities && { amenities: JSON.stringify(amenities) }), version: { increment: 1 } };
    const { count } = await this.database.client.property.updateMany({ where: { id, version }, data });
    return count === 0 ? null : this.find(id);
  }
}

function storedProperty(row: PropertyRow): StoredProperty {
  return { ...row, amenities: JSON.parse(row.amenities) as string[], category: row.category as PropertyCategory, status: row.status as PropertyStatus };
}
