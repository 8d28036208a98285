import fc from 'fast-check';

const NASTY_STRINGS = [
  "'; DROP TABLE leads; --",
  "' OR '1'='1",
  '=HYPERLINK("http://evil","x")',
  '+91 98765 43210',
  '@SUM(1+1)',
  '\u0000',
  '\uFEFF',
  '😀🏡',
  'प्रिया',
  '%_\\',
  '"quoted","csv"\r\n',
];

const leadKeys = ['name', 'email', 'phone', 'location', 'qualified', 'source', 'interestedIn', 'budget', 'timeline', 'loan_needed', '__proto__', 'constructor', 'prototype', '_id', 'createdAt'];

const smallHostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 1e308),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** Wrong types and nasty text; now and then a huge string (rarely enough that the run stays quick). */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 40, arbitrary: smallHostileValue },
  { weight: 1, arbitrary: fc.nat({ max: 300_000 }).map((length) => 'x'.repeat(length)) },
);

/** Objects shaped almost like a lead: known and unknown keys, wrong types, prototype keys. */
const leadLike = fc.dictionary(fc.oneof(fc.constantFrom(...leadKeys), fc.string({ maxLength: 10 })), hostileValue, { maxKeys: 12 });

function deepNesting(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

/** Raw request bodies an attacker or a broken client could send. */
export const hostileBody: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 24, arbitrary: leadLike.map((body) => Buffer.from(JSON.stringify(body))) },
  { weight: 8, arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
  { weight: 4, arbitrary: leadLike.map((body) => Buffer.from(JSON.stringify(body).replace(/"([^"]+)":/, '"__proto__":{"isAdmin":true},"$1":'))) },
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 4, arbitrary: fc.constantFrom(Buffer.from(''), Buffer.from('{'), Buffer.from('{"name": "\xff\xfe"}', 'latin1'), Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])) },
  { weight: 4, arbitrary: fc.integer({ min: 10, max: 3000 }).map((depth) => Buffer.from(deepNesting(depth))) },
  // Over the 1 MB limit: rare, as each one is a megabyte on the wire.
  { weight: 1, arbitrary: fc.constant(Buffer.alloc(1_100_000, 0x61)) },
);

/** CSV files with hostile cells, broken quoting and binary junk. */
export const hostileCsv: fc.Arbitrary<Buffer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.shuffledSubarray(['name', 'email', 'phone', 'location', 'qualified', 'budget', 'loan_needed', '_id', 'createdAt', 'junk'], { minLength: 1 }),
        fc.array(fc.array(fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 20 })), { maxLength: 10 }), { maxLength: 5 }),
      )
      .map(([header, rows]) => Buffer.from([header.join(','), ...rows.map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(','))].join('\n'))),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 300 }).map((text) => Buffer.from(`name,email\n${text}`)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from(''), Buffer.from('"unterminated\nname'), Buffer.from('\uFEFFname\nBOM Person')) },
);

const CALL_ID = 'CALL_ID_PLACEHOLDER';
const CALLER_NUMBER = 'CALLER_NUMBER_PLACEHOLDER';

/** Replaces a value at `path` (creating the parents it needs) in a copy of `value`. */
function withValueAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const parent = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { ...parent, [head]: withValueAt(parent[head], rest, replacement) };
}

/** Where a mutation hits a realistic server message (paths as Vapi nests them). */
const MESSAGE_PATHS = [
  ['message'],
  ['message', 'type'],
  ['message', 'status'],
  ['message', 'call'],
  ['message', 'call', 'id'],
  ['message', 'call', 'type'],
  ['message', 'call', 'customer'],
  ['message', 'call', 'customer', 'number'],
  ['message', 'call', 'assistantOverrides', 'metadata', 'leadId'],
  ['message', 'call', 'metadata'],
  ['message', 'customer', 'number'],
  ['message', 'startedAt'],
  ['message', 'endedAt'],
  ['message', 'cost'],
  ['message', 'durationSeconds'],
  ['message', 'endedReason'],
  ['message', 'artifact'],
  ['message', 'artifact', 'transcript'],
  ['message', 'artifact', 'recording'],
  ['message', 'artifact', 'recording', 'mono', 'combinedUrl'],
  ['message', 'analysis'],
  ['message', 'analysis', 'summary'],
  ['message', 'analysis', 'successEvaluation'],
  ['message', 'analysis', 'structuredData'],
  ...leadKeys.map((key) => ['message', 'analysis', 'structuredData', key]),
  ['message', '__proto__'],
  ['message', 'constructor'],
  ['__proto__'],
];

/** A realistic end-of-call-report or status-update, with placeholders for its call id and caller. */
const realisticMessage: fc.Arbitrary<unknown> = fc.constantFrom('end-of-call-report', 'status-update').map((type) =>
  type === 'status-update'
    ? { message: { type, status: 'in-progress', call: { id: CALL_ID, type: 'webCall', customer: { number: CALLER_NUMBER } } } }
    : {
        message: {
          type,
          endedReason: 'customer-ended-call',
          startedAt: '2026-11-20T10:00:00.000Z',
          endedAt: '2026-11-20T10:03:12.500Z',
          cost: 0.21,
          call: { id: CALL_ID, type: 'inboundPhoneCall', customer: { number: CALLER_NUMBER } },
          artifact: { transcript: 'AI: Namaste!\nUser: 3 BHK in Pune.', recording: { mono: { combinedUrl: 'https://storage.vapi.ai/x.wav' } } },
          analysis: { summary: 'Wants a 3 BHK.', successEvaluation: 'true', structuredData: { name: 'Fuzz Caller', email: `${CALL_ID}@fuzz.example.in`, budget: '95 Lakh', qualified: true } },
        },
      },
);

/** A realistic message with one to four values replaced by hostile ones (wrong types, huge, prototype keys...). */
const mutatedMessage: fc.Arbitrary<unknown> = fc
  .tuple(realisticMessage, fc.array(fc.tuple(fc.constantFrom(...MESSAGE_PATHS), fc.oneof(hostileValue, leadLike, fc.constant(undefined))), { minLength: 1, maxLength: 4 }))
  .map(([message, mutations]) => mutations.reduce((current, [path, value]) => withValueAt(current, path, value), message));

/** A webhook body: raw bytes with placeholders for the call id and caller that `withUniqueCalls` fills in. */
export const hostileWebhookBody: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 32, arbitrary: mutatedMessage.map((body) => Buffer.from(JSON.stringify(body) ?? 'null')) },
  { weight: 8, arbitrary: leadLike.map((message) => Buffer.from(JSON.stringify({ message }))) },
  { weight: 4, arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
  { weight: 4, arbitrary: mutatedMessage.map((body) => Buffer.from(JSON.stringify(body).replace('{"message":{', '{"message":{"__proto__":{"type":"status-update","isAdmin":true},'))) },
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      Buffer.from(''),
      Buffer.from('{"message":'),
      Buffer.from(`{"message":{"type":"status-update","status":"ringing","call":{"id":"${CALL_ID}"},"note":"\xff\xfe"}}`, 'latin1'),
      Buffer.from([...Buffer.from('{"message":{"type":"'), 0xc3, 0x28, ...Buffer.from('"}}')]),
    ),
  },
  { weight: 4, arbitrary: fc.integer({ min: 10, max: 3000 }).map((depth) => Buffer.from(`{"message":{"type":"status-update","status":"ringing","call":{"id":"${CALL_ID}"},"deep":${deepNesting(depth)}}}`)) },
  // A valid report over WEBHOOK_MAX_BYTES.
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 140_000, max: 400_000 })
      .map((size) => Buffer.from(JSON.stringify({ message: { type: 'end-of-call-report', call: { id: CALL_ID }, artifact: { transcript: 'x'.repeat(size) } } }))),
  },
);

/** Gives each body a call id and a caller of its own (where it kept the placeholders). */
export function withUniqueCalls(bodies: Buffer[], chunk: number): { body: Buffer; callId: string }[] {
  return bodies.map((body, index) => {
    const callId = `fuzz-${chunk}-${index}`;
    const number = `+9198${String(chunk * bodies.length + index).padStart(8, '0')}`;
    return { body: Buffer.from(body.toString('latin1').replaceAll(CALL_ID, callId).replaceAll(CALLER_NUMBER, number), 'latin1'), callId };
  });
}

export function sampleBodies(arbitrary: fc.Arbitrary<Buffer>, count: number, seed: number): Buffer[] {
  return fc.sample(arbitrary, { numRuns: count, seed });
}
