import genericProperty from './generic-property.svg';

/** The page's own pictures, by name ("skyline-residency"): each stays a separate file, fetched only when shown. */
const BUNDLED: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>('./*.svg', { eager: true, import: 'default' })).map(([path, url]) => [path.slice(2, -'.svg'.length), url]),
);

/** A property's picture: one of the page's own by its image key, else the generic one (a property an admin added). */
export function propertyImage(imageKey: string | null): string {
  return (imageKey !== null && Object.hasOwn(BUNDLED, imageKey) && BUNDLED[imageKey]) || genericProperty;
}
