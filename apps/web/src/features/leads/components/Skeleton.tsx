/** A placeholder shape while a figure loads; screen readers hear the label. */
export function Skeleton({ label }: { label: string }) {
  return (
    <>
      <span className="skeleton" aria-hidden />
      <span className="visually-hidden">{label}</span>
    </>
  );
}
