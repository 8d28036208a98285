import { FakeWhatsappCloudApi } from '@lead-desk/test-support';
import { WHATSAPP_TEST_SETTINGS } from './support/whatsapp-app';

/**
 * The fake Cloud API the WhatsApp tests send to refuses what Meta would: a send that does not fit
 * Meta's reference, a wrong token, an unknown template or parameter count, and its rate limits.
 * (Otherwise a test of the API's sends could not fail for a malformed request.)
 */
describe('the fake WhatsApp Cloud API', () => {
  const cloudApi = new FakeWhatsappCloudApi(WHATSAPP_TEST_SETTINGS);

  beforeAll(async () => {
    await cloudApi.start();
    cloudApi.approveTemplate({ name: 'callback_missed', language: 'en', bodyParameters: 1 });
  });
  afterAll(() => cloudApi.stop());

  const send = async (body: object, token = WHATSAPP_TEST_SETTINGS.accessToken, path = `/${WHATSAPP_TEST_SETTINGS.version}/${WHATSAPP_TEST_SETTINGS.phoneNumberId}/messages`) => {
    const response = await fetch(`${cloudApi.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { error?: { code: number; message: string; error_data?: { details: string } }; messages?: { id: string }[] } };
  };
  const text = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '919800000001', type: 'text', text: { body: 'Hello' } };
  const template = (name: string, parameters: string[], language: object = { policy: 'deterministic', code: 'en' }) => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: '919800000001',
    type: 'template',
    template: { name, language, components: [{ type: 'body', parameters: parameters.map((value) => ({ type: 'text', text: value })) }] },
  });

  it('takes a text or template message shaped as Meta’s reference, answering its id', async () => {
    const sent = await send(text);
    expect(sent).toEqual({ status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: '919800000001', wa_id: '919800000001' }], messages: [{ id: expect.stringMatching(/^wamid\./) }] } });
    expect((await send(template('callback_missed', ['Aarav']))).status).toBe(200);
  });

  it('refuses what does not fit the reference with Graph’s error 100, naming the field', async () => {
    const noRecipientType = await send({ ...text, recipient_type: undefined });
    expect(noRecipientType).toMatchObject({ status: 400, body: { error: { code: 100, error_data: { details: expect.stringContaining("must have required property 'recipient_type'") } } } });
    const languageWithoutPolicy = await send(template('callback_missed', ['Aarav'], { code: 'en' }));
    expect(languageWithoutPolicy.body.error?.error_data?.details).toContain("template.language: must have required property 'policy'");
    const extraField = await send({ ...text, text: { body: 'Hi', color: 'green' } });
    expect(extraField.body.error?.error_data?.details).toContain('text: property color should not exist');
    expect((await send({ ...text, type: 'image' })).body.error).toMatchObject({ code: 100 });
  });

  it('refuses a wrong token (190), another number (100), an unknown template (132001) and a parameter count that does not match (132000)', async () => {
    expect(await send(text, 'not-the-token')).toMatchObject({ status: 401, body: { error: { code: 190 } } });
    expect(await send(text, undefined, `/${WHATSAPP_TEST_SETTINGS.version}/999/messages`)).toMatchObject({ status: 400, body: { error: { code: 100 } } });
    expect(await send(template('visit_reminder', ['Aarav']))).toMatchObject({ status: 404, body: { error: { code: 132001, error_data: { details: 'template name (visit_reminder) does not exist in en' } } } });
    expect(await send(template('callback_missed', ['Aarav', 'extra']))).toMatchObject({ status: 400, body: { error: { code: 132000 } } });
  });

  it('answers its rate limits and an outage as Meta does', async () => {
    cloudApi.behaviour = 'rate-limit';
    expect(await send(text)).toMatchObject({ status: 400, body: { error: { code: 130429, message: '(#130429) Rate limit hit' } } });
    cloudApi.behaviour = 'pair-rate-limit';
    expect(await send(text)).toMatchObject({ status: 400, body: { error: { code: 131056 } } });
    cloudApi.behaviour = 'outage';
    expect(await send(text)).toMatchObject({ status: 500, body: { error: { code: 2 } } });
    cloudApi.behaviour = 'success';
  });
});
