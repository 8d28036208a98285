import { readWhatsappNotification, textOf } from './whatsapp-notification';

const PHONE_NUMBER_ID = '106540352242922';
const value = (extra: object, phoneNumberId = PHONE_NUMBER_ID) => ({ messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId }, ...extra });
const delivery = (...values: object[]) => ({ object: 'whatsapp_business_account', entry: [{ id: '419561257915477', changes: values.map((v) => ({ field: 'messages', value: v })) }] });

// Meta's reference example of a text message (the OpenAPI document's "Text Message").
const TEXT = value({
  contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
  messages: [{ from: '16505551234', id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=', timestamp: '1749416383', type: 'text', text: { body: 'Does it come in another color?' } }],
});

describe('readWhatsappNotification', () => {
  it('reads the person’s message with their profile name, keyed by Meta’s message id', () => {
    expect(readWhatsappNotification(delivery(TEXT), PHONE_NUMBER_ID)).toEqual({
      ok: true,
      items: [
        {
          kind: 'message',
          externalId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
          payload: { message: expect.objectContaining({ from: '16505551234', timestamp: '1749416383', text: { body: 'Does it come in another color?' } }), profileName: 'Sheena Nelson' },
        },
      ],
    });
  });

  it('keys each status by message and status: sent, delivered and read of one message are three items', () => {
    const statuses = ['sent', 'delivered', 'read'].map((status) => ({ id: 'wamid.OUT', status, timestamp: '1749416390', recipient_id: '16505551234' }));
    const reading = readWhatsappNotification(delivery(value({ statuses })), PHONE_NUMBER_ID);
    expect(reading.ok && reading.items.map(({ externalId }) => externalId)).toEqual(['wamid.OUT:sent', 'wamid.OUT:delivered', 'wamid.OUT:read']);
  });

  it('skips another number of the account and fields other than messages', () => {
    const other = { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: value({ statuses: [{ id: 'w', status: 'sent', timestamp: '1' }] }, '999') }, { field: 'message_template_status_update', value: {} }] }] };
    expect(readWhatsappNotification(other, PHONE_NUMBER_ID)).toEqual({ ok: true, items: [] });
  });

  it('refuses another object, and an item of ours it cannot read, naming the field', () => {
    expect(readWhatsappNotification({ object: 'page', entry: [] }, PHONE_NUMBER_ID)).toMatchObject({ ok: false, errors: [{ field: 'object' }] });
    const unreadable = readWhatsappNotification(delivery(value({ statuses: [{ id: 'w', status: 'bounced', timestamp: '1' }] })), PHONE_NUMBER_ID);
    expect(unreadable).toEqual({ ok: false, errors: [{ field: 'entry.0.changes.0.value.statuses.0.status', message: 'must be sent, delivered, read or failed' }] });
  });
});

describe('textOf', () => {
  it('says what a message says: text, a quick-reply button’s label, a caption; nothing for bare media', () => {
    const base = { from: '919876543210', id: 'w', timestamp: '1' };
    expect(textOf({ ...base, type: 'text', text: { body: 'STOP' } })).toBe('STOP');
    expect(textOf({ ...base, type: 'button', button: { payload: 'Unsubscribe', text: 'Unsubscribe' } })).toBe('Unsubscribe');
    expect(textOf({ ...base, type: 'image', image: { caption: 'Taj Mahal' } })).toBe('Taj Mahal');
    expect(textOf({ ...base, type: 'audio' })).toBeNull();
  });
});
