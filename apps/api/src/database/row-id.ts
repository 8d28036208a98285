import { randomFillSync } from 'node:crypto';

/** The largest value of the 12-bit counter that orders ids made within one millisecond. */
const MAX_COUNTER = 0xfff;

/** Random bytes for 256 ids, drawn at once: a draw is a system call, costly per id in a 100,000-lead job. */
const randomPool = Buffer.alloc(16 * 256);
let poolOffset = randomPool.length;

let lastMillisecond = 0;
let counter = 0;

/** The next 16 random bytes, a view into the pool: each is used once, before the pool refills. */
function nextRandom16(): Buffer {
  if (poolOffset === randomPool.length) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  poolOffset += 16;
  return randomPool.subarray(poolOffset - 16, poolOffset);
}

/**
 * A new row id of the kind Prisma makes for `@default(uuid(7))` (RFC 9562 UUIDv7), for
 * rows written by set-based SQL, which must know their ids before they are written
 * (Prisma does not export its generator). Ids from this process sort in the order they
 * were made: within one millisecond a counter counts up (RFC 9562, 6.2, method 1), so
 * rows created one after another are ordered by (created_at, id) as they were created.
 */
export function newRowId(): string {
  let millisecond = Date.now();
  if (millisecond <= lastMillisecond) {
    millisecond = lastMillisecond;
    counter += 1;
    // More ids in a millisecond than the counter holds: borrow the next millisecond.
    if (counter > MAX_COUNTER) {
      millisecond += 1;
      counter = 0;
    }
  } else {
    counter = 0;
  }
  lastMillisecond = millisecond;
  const bytes = nextRandom16();
  bytes.writeUIntBE(millisecond, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
