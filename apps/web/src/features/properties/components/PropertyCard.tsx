import type { ListedProperty } from '@lead-desk/contracts';
import { MapPin, PhoneCall, Ruler } from 'lucide-react';
import { propertyImage } from '../images/propertyImage';

const TEXT = {
  requestCallback: 'Request a callback',
  requestCallbackAbout: (name: string) => `Request a callback about ${name}`,
  booked: 'Booked',
};

interface PropertyCardProps {
  property: ListedProperty;
  /** Opens the callback form asking about this property. */
  onRequestCallback?: (property: ListedProperty) => void;
}

export function PropertyCard({ property, onRequestCallback }: PropertyCardProps) {
  return (
    <article className="property-card">
      <img className="property-card__image" src={propertyImage(property.imageKey)} alt={property.name} width={320} height={200} />
      <div className="property-card__body">
        <h4 className="property-card__name">{property.name}</h4>
        <p className="property-card__location">
          <MapPin aria-hidden size={16} />
          {property.location}
        </p>
        <p className="property-card__price" data-testid="property-price">
          <strong>{property.priceText}</strong>
        </p>
        {property.status === 'booked' && <p className="property-card__booked">{TEXT.booked}</p>}
        <p className="property-card__area">
          <Ruler aria-hidden size={16} />
          {property.area}
        </p>
        <ul className="property-card__amenities" aria-label={`Amenities of ${property.name}`}>
          {property.amenities.map((amenity) => (
            <li key={amenity}>{amenity}</li>
          ))}
        </ul>
        {onRequestCallback && (
          <button type="button" className="button button--secondary property-card__callback" aria-label={TEXT.requestCallbackAbout(property.name)} onClick={() => onRequestCallback(property)}>
            <PhoneCall aria-hidden size={16} />
            {TEXT.requestCallback}
          </button>
        )}
      </div>
    </article>
  );
}
