import { isRecordingHost } from './recording-hosts';

const DEFAULTS = ['storage.vapi.ai', '*.r2.cloudflarestorage.com', '*.supabase.co'];
const VAPI_API = new URL('https://api.vapi.ai');
const allowed = (url: string, hosts = DEFAULTS, api = VAPI_API) => isRecordingHost(new URL(url), hosts, api);

describe('isRecordingHost', () => {
  it("follows Vapi's storage hosts, a listed host exactly and any host under a listed domain", () => {
    expect(allowed('https://storage.vapi.ai/0191-mono.wav')).toBe(true);
    expect(allowed('https://STORAGE.vapi.ai/0191-mono.wav')).toBe(true);
    expect(allowed('https://acct.r2.cloudflarestorage.com/hipaa-recordings/0191-mono.wav?X-Amz-Signature=s')).toBe(true);
    expect(allowed('https://project.storage.supabase.co/storage/v1/object/archive/0191.wav')).toBe(true);
  });

  it.each([
    ['a host that only begins like a listed one', 'https://storage.vapi.ai.attacker.example/x.wav'],
    ['a host that only ends like a listed domain', 'https://evilr2.cloudflarestorage.com/x.wav'],
    ['the bare domain of a wildcard', 'https://r2.cloudflarestorage.com/x.wav'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['the app itself', 'http://127.0.0.1:3000/api/leads'],
    ['a listed host over plain http', 'http://storage.vapi.ai/x.wav'],
    ['another scheme', 'file:///etc/passwd'],
  ])('refuses %s', (_case, url) => {
    expect(allowed(url)).toBe(false);
  });

  it('takes plain http where the API itself is plain http (a local fake), and only to listed hosts', () => {
    const fake = new URL('http://127.0.0.1:4010');
    expect(allowed('http://127.0.0.1:4010/storage/recordings/c.wav', ['127.0.0.1'], fake)).toBe(true);
    expect(allowed('http://localhost:4010/storage/recordings/c.wav', ['127.0.0.1'], fake)).toBe(false);
  });
});
