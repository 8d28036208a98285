/** A location as "the same location" compares it: case, accents, punctuation and spacing aside ("Andheri (West)" is "andheri  west"). */
export function locationKey(location: string | null): string | null {
  const key = location
    ?.normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return key || null;
}
