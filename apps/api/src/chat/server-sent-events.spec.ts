import { serverSentData } from './server-sent-events';

async function dataOf(...parts: string[]): Promise<string[]> {
  async function* bytes() {
    for (const part of parts) yield new TextEncoder().encode(part);
  }
  const events: string[] = [];
  for await (const data of serverSentData(bytes())) events.push(data);
  return events;
}

describe('serverSentData', () => {
  it('gives each event’s data, whatever the chunks the bytes come in', async () => {
    const stream = 'data: {"delta":"Hello"}\n\ndata: {"delta":" there"}\n\ndata: [DONE]\n\n';
    const expected = ['{"delta":"Hello"}', '{"delta":" there"}', '[DONE]'];
    expect(await dataOf(stream)).toEqual(expected);
    expect(await dataOf(...stream.split(''))).toEqual(expected);
  });

  it('joins an event’s data lines, reads CRLF, and passes over comments and other fields', async () => {
    expect(await dataOf(': keep-alive\r\n\r\nevent: x\r\nid: 1\r\ndata: one\r\ndata:two\r\n\r\n')).toEqual(['one\ntwo']);
  });

  it('keeps a last event whose blank line never came, and a character split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: नमस्ते');
    async function* split() {
      yield bytes.subarray(0, 8);
      yield bytes.subarray(8);
    }
    const events: string[] = [];
    for await (const data of serverSentData(split())) events.push(data);
    expect(events).toEqual(['नमस्ते']);
  });
});
