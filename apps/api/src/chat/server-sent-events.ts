/**
 * The `data` of each event of a Server-Sent Events stream, as the stream arrives: lines end
 * with LF or CRLF, an event's `data:` lines are joined with LF, comments and other fields are
 * passed over (the WHATWG event stream format). A last event without its blank line still counts.
 */
export async function* serverSentData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  let data: string[] = [];
  function* read(lines: string[]): Generator<string> {
    for (const raw of lines) {
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  }
  for await (const bytes of body) {
    const lines = (buffered + decoder.decode(bytes, { stream: true })).split('\n');
    buffered = lines.pop()!;
    yield* read(lines);
  }
  yield* read([buffered + decoder.decode(), '']);
}
