import { readMetaNotification } from './meta-leadgen-notification';

describe('readMetaNotification', () => {
  it('reads each leadgen change of each entry, skipping other fields', () => {
    const body = {
      object: 'page',
      entry: [
        {
          id: '100',
          time: 1_763_600_000,
          changes: [
            { field: 'leadgen', value: { leadgen_id: '444', page_id: '100', form_id: '555', ad_id: '666', adgroup_id: '666', created_time: 1_763_600_000 } },
            { field: 'feed', value: { item: 'status' } },
          ],
        },
        { id: '101', changes: [{ field: 'leadgen', value: { leadgen_id: 445, page_id: 101 } }] },
      ],
    };
    const reading = readMetaNotification(body);
    expect(reading).toEqual({
      ok: true,
      leads: [
        { leadgen_id: '444', page_id: '100', form_id: '555', ad_id: '666', adgroup_id: '666', created_time: 1_763_600_000 },
        { leadgen_id: '445', page_id: '101' },
      ],
    });
  });

  it('names what is wrong: another object, a leadgen change without its id', () => {
    expect(readMetaNotification({ object: 'user', entry: [] })).toMatchObject({ ok: false, errors: [{ field: 'object' }] });
    expect(readMetaNotification({ object: 'page', entry: [{ changes: [{ field: 'leadgen', value: { page_id: '1' } }] }] })).toMatchObject({
      ok: false,
      errors: [{ field: 'entry.0.changes.0.value.leadgen_id' }],
    });
  });
});
