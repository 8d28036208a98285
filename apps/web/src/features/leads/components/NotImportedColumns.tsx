import type { ImportPreviewColumn } from '@lead-desk/contracts';

const TEXT = {
  heading: (count: number) => (count === 1 ? '1 column will not be imported' : `${count} columns will not be imported`),
  values: (sample: string[]) => (sample.length > 0 ? sample.join(', ') : 'empty in the first rows'),
};

/** The columns the import would leave unread with the choices made, each with its first values: none is dropped unseen. */
export function NotImportedColumns({ columns }: { columns: Pick<ImportPreviewColumn, 'header' | 'sample'>[] }) {
  if (columns.length === 0) return null;
  const heading = TEXT.heading(columns.length);
  return (
    <section className="import-preview__not-imported" aria-label={heading}>
      <h3 className="import-result__heading">{heading}</h3>
      <ul>
        {columns.map((column, index) => (
          <li key={`${index}-${column.header}`}>
            <strong>{column.header}</strong>: {TEXT.values(column.sample)}
          </li>
        ))}
      </ul>
    </section>
  );
}
