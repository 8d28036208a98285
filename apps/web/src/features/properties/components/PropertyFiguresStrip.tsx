import { Star } from 'lucide-react';
import { FOOTER_FIGURES } from '../data/marketingFigures';

export function PropertyFiguresStrip() {
  return (
    <footer className="property-figures" data-testid="property-figures">
      <ul>
        {FOOTER_FIGURES.map((figure) => (
          <li key={figure.label}>
            <strong>
              {figure.isRating && <Star aria-hidden size={16} className="property-figures__star" />}
              {figure.value}
            </strong>{' '}
            {figure.label}
          </li>
        ))}
      </ul>
    </footer>
  );
}
