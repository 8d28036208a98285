import { Injectable, NotFoundException, PreconditionFailedException } from '@nestjs/common';
import { areaTextOf, priceTextOf, type ListedProperty, type Property, type ValidNewProperty, type ValidPropertyChanges } from '@lead-desk/contracts';
import { isListed, toListedPropertyOutput, toPropertyOutput } from './outputs/property.outputs';
import { PropertiesRepository, type PropertyColumnChanges, type StoredProperty } from './properties.repository';

/** What the customer page lists: a booked property stays on it (marked booked), a sold one leaves it. */
const LISTED_STATUSES = ['available', 'booked'] as const;

/**
 * The properties the page shows and the agent offers, as admins keep them: a price given
 * as text or rupees is stored as both (the page's text, "₹85 Lakh", and whole rupees), an
 * area as square feet and its text; an edit applies only to the version it was made against.
 */
@Injectable()
export class PropertiesService {
  constructor(private readonly properties: PropertiesRepository) {}

  async listed(): Promise<ListedProperty[]> {
    return (await this.properties.list(LISTED_STATUSES)).filter(isListed).map(toListedPropertyOutput);
  }

  async inventory(): Promise<Property[]> {
    return (await this.properties.list()).map(toPropertyOutput);
  }

  async create(input: ValidNewProperty): Promise<Property> {
    const location = input.location ?? `${input.locality}, ${input.city}`;
    const created = await this.properties.create({
      name: input.name,
      category: input.category,
      locality: input.locality,
      city: input.city,
      location,
      priceText: priceTextOf(input.price),
      priceRupees: input.price,
      bedrooms: input.bedrooms ?? null,
      area: areaTextOf(input.areaSqFt),
      areaSqFt: input.areaSqFt,
      amenities: input.amenities ?? [],
      highlight: input.highlight ?? null,
      // A new property has no picture of its own: the page shows its generic one.
      imageKey: null,
      status: input.status ?? 'available',
      siteVisitAddress: input.siteVisitAddress ?? `Site office, ${input.name}, ${location}`,
    });
    return toPropertyOutput(created);
  }

  /** Changes what is sent (only what differs); with `expectedVersion`, only while the property is still at it (412 otherwise, nothing changed). */
  async update(id: number, changes: ValidPropertyChanges, expectedVersion: number | undefined): Promise<Property> {
    const current = await this.existing(id);
    if (expectedVersion !== undefined && current.version !== expectedVersion) throw staleVersion(current.version);
    const columns = changedColumns(current, changes);
    if (Object.keys(columns).length === 0) return toPropertyOutput(current);
    const updated = await this.properties.updateAtVersion(id, current.version, columns);
    // Changed between the read and the write: by someone else, so this edit is stale too.
    if (!updated) throw staleVersion();
    return toPropertyOutput(updated);
  }

  private async existing(id: number): Promise<StoredProperty> {
    const property = await this.properties.find(id);
    if (!property) throw new NotFoundException(`No property with id ${id}.`);
    return property;
  }
}

/** The columns the changes give a value other than the current one. */
function changedColumns(current: StoredProperty, changes: ValidPropertyChanges): PropertyColumnChanges {
  const { price, areaSqFt, amenities, ...plain } = changes;
  const wanted: PropertyColumnChanges = {
    ...plain,
    ...(price !== undefined && { priceRupees: price, priceText: priceTextOf(price) }),
    ...(areaSqFt !== undefined && { areaSqFt, area: areaTextOf(areaSqFt) }),
    ...(amenities !== undefined && { amenities }),
  };
  const differs = (key: keyof PropertyColumnChanges) => JSON.stringify(wanted[key]) !== JSON.stringify(current[key]);
  return Object.fromEntries(Object.entries(wanted).filter(([key, value]) => value !== undefined && differs(key as keyof PropertyColumnChanges)));
}

function staleVersion(now?: number): PreconditionFailedException {
  const since = now === undefined ? 'since the version your change names' : `since: it is at version ${now}`;
  return new PreconditionFailedException(`The property has changed ${since}. Load it again and reapply your change.`);
}
