import { PROPERTY_CATALOG } from '@lead-desk/contracts';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../data/properties';

describe('the property catalogue the API checks callback requests against', () => {
  it('has exactly the page’s properties, by id and name', () => {
    expect(PROPERTIES.map(({ id, name }) => ({ id, name }))).toEqual(PROPERTY_CATALOG.map(({ id, name }) => ({ id, name })));
  });
});
