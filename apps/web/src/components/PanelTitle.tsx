/** A half of the page's heading and the line under it; `id` names the panel for assistive technology. */
export function PanelTitle({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      <p className="panel__subtitle">{subtitle}</p>
    </div>
  );
}
