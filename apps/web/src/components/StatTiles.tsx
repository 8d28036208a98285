import './StatTiles.css';

export interface Stat {
  label: string;
  value: string;
}

/** Headline figures as label/value pairs, so a screen reader reads "Available, 247". */
export function StatTiles({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="stat-tiles">
      {stats.map((stat) => (
        <div key={stat.label} className="stat-tile">
          <dt className="stat-tile__label">{stat.label}</dt>
          <dd className="stat-tile__value">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
