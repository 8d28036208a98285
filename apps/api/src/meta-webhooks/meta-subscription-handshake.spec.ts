import { answerMetaHandshake } from './meta-subscription-handshake';

describe('answerMetaHandshake', () => {
  const TOKEN = 'verify-me';

  it('echoes the challenge for subscribe with the right token', () => {
    expect(answerMetaHandshake({ mode: 'subscribe', verifyToken: TOKEN, challenge: '1158201444' }, TOKEN, 'META_VERIFY_TOKEN')).toEqual({ ok: true, challenge: '1158201444' });
  });

  it('refuses a wrong or missing token and another mode with 403, a missing challenge with 400', () => {
    expect(answerMetaHandshake({ mode: 'subscribe', verifyToken: 'verify-me!', challenge: '1' }, TOKEN, 'META_VERIFY_TOKEN')).toMatchObject({ ok: false, status: 403 });
    expect(answerMetaHandshake({ mode: 'subscribe', verifyToken: undefined, challenge: '1' }, TOKEN, 'META_VERIFY_TOKEN')).toMatchObject({ ok: false, status: 403 });
    expect(answerMetaHandshake({ mode: 'unsubscribe', verifyToken: TOKEN, challenge: '1' }, TOKEN, 'META_VERIFY_TOKEN')).toMatchObject({ ok: false, status: 403 });
    expect(answerMetaHandshake({ mode: 'subscribe', verifyToken: TOKEN, challenge: undefined }, TOKEN, 'META_VERIFY_TOKEN')).toMatchObject({ ok: false, status: 400 });
  });

  it('names the variable holding the token it was checked against', () => {
    expect(answerMetaHandshake({ mode: 'subscribe', verifyToken: 'wrong', challenge: '1' }, TOKEN, 'WHATSAPP_VERIFY_TOKEN')).toEqual({ ok: false, status: 403, message: 'hub.verify_token does not match WHATSAPP_VERIFY_TOKEN' });
  });
});
