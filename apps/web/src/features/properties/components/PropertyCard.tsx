import { MapPin, Ruler } from 'lucide-react';
import type { Property } from '../types';

export function PropertyCard({ property }: { property: Property }) {
  return (
    <article className="property-card">
      <img className="property-card__image" src={property.image} alt={property.name} width={320} height={200} />
      <div className="property-card__body">
        <h4 className="property-card__name">{property.name}</h4>
        <p className="property-card__location">
          <MapPin aria-hidden size={16} />
          {property.location}
        </p>
        <p className="property-card__price" data-testid="property-price">
          <strong>{property.price}</strong>
        </p>
        <p className="property-card__area">
          <Ruler aria-hidden size={16} />
          {property.area}
        </p>
        <ul className="property-card__amenities" aria-label={`Amenities of ${property.name}`}>
          {property.amenities.map((amenity) => (
            <li key={amenity}>{amenity}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
