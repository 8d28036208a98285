import { afterEach, describe, expect, it, vi } from 'vitest';

const constructed = vi.hoisted(() => [] as unknown[][]);

vi.mock('@vapi-ai/web', () => ({
  default: class FakeVapi {
    constructor(...args: unknown[]) {
      constructed.push(args);
    }
  },
}));

const { vapiBackend } = await import('../vapiBackend');

describe('vapiBackend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the voice settings from GET /api/voice/config', async () => {
    const config = { publicKey: 'pk', assistantId: 'assistant-1', apiBaseUrl: 'http://127.0.0.1:4010' };
    const fetchMock = vi.fn(async () => Response.json(config));
    vi.stubGlobal('fetch', fetchMock);
    await expect(vapiBackend.loadConfig()).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledWith('/api/voice/config', expect.anything());
  });

  it('rejects when the settings are not available', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503 })));
    await expect(vapiBackend.loadConfig()).rejects.toThrow('503');
  });

  it('creates one Vapi client for the life of the page', async () => {
    const first = await vapiBackend.loadClient('pk', null);
    const second = await vapiBackend.loadClient('pk', 'http://elsewhere');
    expect(second).toBe(first);
    expect(constructed).toEqual([['pk', undefined]]);
  });
});
