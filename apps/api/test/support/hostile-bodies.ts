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

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
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
  fc.nat({ max: 300_000 }).map((length) => 'x'.repeat(length)),
);

/** Objects shaped almost like a lead: known and unknown keys, wrong types, prototype keys. */
const leadLike = fc.dictionary(fc.oneof(fc.constantFrom(...leadKeys), fc.string({ maxLength: 10 })), hostileValue, { maxKeys: 12 });

function deepNesting(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

/** Raw request bodies an attacker or a broken client could send. */
export const hostileBody: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 6, arbitrary: leadLike.map((body) => Buffer.from(JSON.stringify(body))) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
  { weight: 1, arbitrary: leadLike.map((body) => Buffer.from(JSON.stringify(body).replace(/"([^"]+)":/, '"__proto__":{"isAdmin":true},"$1":'))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from(''), Buffer.from('{'), Buffer.from('{"name": "\xff\xfe"}', 'latin1'), Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 3000 }).map((depth) => Buffer.from(deepNesting(depth))) },
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

export function sampleBodies(arbitrary: fc.Arbitrary<Buffer>, count: number, seed: number): Buffer[] {
  return fc.sample(arbitrary, { numRuns: count, seed });
}
