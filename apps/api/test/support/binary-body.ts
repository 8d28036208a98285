/** A supertest parser that reads a binary answer (audio, a ZIP) whole, as a Buffer. */
export const binaryBody = (response: { on: (event: string, listener: (chunk?: Buffer) => void) => void }, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk) => chunks.push(chunk!));
  response.on('end', () => done(null, Buffer.concat(chunks)));
};
