/** An import's counts as a definition list: the summary's, or the dry run's. */
export function ImportCounts({ counts }: { counts: readonly (readonly [label: string, count: number])[] }) {
  return (
    <dl className="import-result__counts">
      {counts.map(([label, count]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{count}</dd>
        </div>
      ))}
    </dl>
  );
}
