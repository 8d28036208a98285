import { isCredentialKey, MASK, maskCredential } from './masked-credentials';

describe('isCredentialKey', () => {
  it.each([
    'authToken',
    'twilioAuthToken',
    'twilioApiKey',
    'twilioApiSecret',
    'privateKey',
    'private_key',
    'PRIVATE_KEY',
    'bearerToken',
    'key',
    'apiKey',
    'APIKey',
    'openAIKey',
    'apikey',
    'accesstoken',
    'client_secret',
    'X-Api-Key',
    'X-Vapi-Secret',
    'Authorization',
    'password',
    'pwd',
    'credentials',
    'credentialIds',
    'gcpKey',
    'vonageApplicationPrivateKey',
    'awsSecretAccessKey',
    'signature',
    'cookie',
    'jwt',
    'token',
    'authenticationPlan',
  ])('masks %s', (key) => {
    expect(isCredentialKey(key)).toBe(true);
  });

  // Words that merely contain the letters: the transcriber's keywords, a keypad plan, people's names.
  it.each(['keywords', 'keyterm', 'keytermsPrompt', 'keypadInputPlan', 'keyboard', 'monkey', 'turkey', 'author', 'authorName', 'tokenizer', 'transcript', 'phoneNumber', 'structuredData', 'customer'])(
    'keeps %s',
    (key) => {
      expect(isCredentialKey(key)).toBe(false);
    },
  );
});

describe('maskCredential', () => {
  const message = {
    call: {
      id: 'call-1',
      phoneNumber: { provider: 'twilio', number: '+918045678900', twilioAccountSid: 'AC1', twilioAuthToken: 'twilio-auth-token' },
      assistant: {
        transcriber: { provider: 'deepgram', keywords: ['Baner:2', 'Hinjewadi:1'] },
        model: { provider: 'openai', model: 'gpt-4o', maxTokens: 250 },
        credentials: [{ provider: 'gcp', gcpKey: { privateKey: '-----BEGIN PRIVATE KEY-----', private_key: 'pk' } }],
        server: { url: 'https://hooks.example.in', headers: { Authorization: 'Bearer abc', 'x-api-key': 'xyz' }, secret: 's3' },
        withCredentials: true,
      },
    },
    costs: [{ type: 'model', promptTokens: 1200, completionTokens: 80 }],
  };

  it('masks every credential at any depth, whole when it is a structure, as a replacer and as a reviver alike', () => {
    const masked = {
      call: {
        id: 'call-1',
        phoneNumber: { provider: 'twilio', number: '+918045678900', twilioAccountSid: 'AC1', twilioAuthToken: MASK },
        assistant: {
          transcriber: { provider: 'deepgram', keywords: ['Baner:2', 'Hinjewadi:1'] },
          model: { provider: 'openai', model: 'gpt-4o', maxTokens: 250 },
          credentials: MASK,
          server: { url: 'https://hooks.example.in', headers: { Authorization: MASK, 'x-api-key': MASK }, secret: MASK },
          withCredentials: true,
        },
      },
      costs: [{ type: 'model', promptTokens: 1200, completionTokens: 80 }],
    };
    expect(JSON.parse(JSON.stringify(message, maskCredential))).toEqual(masked);
    expect(JSON.parse(JSON.stringify(message), maskCredential)).toEqual(masked);
  });

  it('writes a message that carries no credential as JSON.stringify does, numbers and flags under credential-like keys included', () => {
    const plain = { call: { id: 'call-2', transcriber: { keywords: ['Baner:2'] } }, costs: [{ promptTokens: 1200 }], authToken: null, withCredentials: false };
    expect(JSON.stringify(plain, maskCredential)).toBe(JSON.stringify(plain));
    expect(JSON.stringify({ ...plain, deep: [[{ 'X-Api-Key': 'abc' }]] }, maskCredential)).toBe(JSON.stringify({ ...plain, deep: [[{ 'X-Api-Key': MASK }]] }));
  });
});
