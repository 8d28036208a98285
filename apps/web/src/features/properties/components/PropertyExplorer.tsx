import type { ListedProperty, PropertyCategory } from '@lead-desk/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { PhoneCall, Search, SearchX } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode, type Ref } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { CallbackRequestDialog, readCallbackDraft } from '../../callbacks';
import { PROPERTY_CATEGORIES } from '../data/categories';
import { ALL_PRICES, PRICE_RANGES } from '../data/priceRanges';
import { useListedProperties } from '../hooks/useListedProperties';
import { countByCategory, filterProperties } from '../utils/filterProperties';
import { PropertyCard } from './PropertyCard';

const TEXT = {
  heading: 'Property Explorer',
  searchLabel: 'Search properties',
  searchPlaceholder: 'Search properties...',
  priceLabel: 'Price range',
  categoriesLabel: 'Property categories',
  // Verbatim from the product spec, also for one: other systems match this text.
  showing: (count: number) => `Showing ${count} properties`,
  emptyTitle: 'No properties found',
  emptyHint: 'Try adjusting your search criteria or explore other categories',
  requestCallback: 'Request a callback',
  loading: 'Loading properties…',
  failed: 'Could not load the properties',
};

/** Nothing listed yet: the callback form still asks about no property in particular. */
const NO_PROPERTIES: readonly ListedProperty[] = [];

/** The callback form, open: asking about one property (a card's button) or none (the explorer's). */
type CallbackForm = { propertyId?: number };

interface PropertyExplorerProps {
  /** The voice-call control, composed in by the app. */
  callButton: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}

export function PropertyExplorer({ callButton, headingRef }: PropertyExplorerProps) {
  const [query, setQuery] = useState('');
  const [priceRangeId, setPriceRangeId] = useState<string>(ALL_PRICES.id);
  const [category, setCategory] = useState<PropertyCategory>('apartment');
  const headingId = useId();
  const searchId = useId();
  const priceId = useId();
  // A request that was sent but never answered (the page was reloaded meanwhile) opens again and is sent again.
  const [callbackForm, setCallbackForm] = useState<CallbackForm | null>(() => (readCallbackDraft()?.pending ? {} : null));

  const listed = useListedProperties();
  const properties = listed.data ?? NO_PROPERTIES;
  const matching = useMemo(() => filterProperties(properties, { query, priceRangeId }), [properties, query, priceRangeId]);
  const counts = countByCategory(matching);

  return (
    <section className="property-explorer" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="property-explorer__heading">
        {TEXT.heading}
      </h3>

      {callButton}

      <button type="button" className="button button--secondary property-explorer__callback" onClick={() => setCallbackForm({})}>
        <PhoneCall aria-hidden size={18} />
        {TEXT.requestCallback}
      </button>
      {callbackForm && <CallbackRequestDialog properties={properties} propertyId={callbackForm.propertyId} onClose={() => setCallbackForm(null)} />}

      <div className="property-explorer__filters">
        <div className="property-explorer__search">
          <label htmlFor={searchId} className="visually-hidden">
            {TEXT.searchLabel}
          </label>
          <Search aria-hidden size={18} className="property-explorer__search-icon" />
          <input
            id={searchId}
            type="search"
            placeholder={TEXT.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="property-explorer__price">
          <label htmlFor={priceId} className="visually-hidden">
            {TEXT.priceLabel}
          </label>
          <select id={priceId} value={priceRangeId} onChange={(event) => setPriceRangeId(event.target.value)}>
            {[ALL_PRICES, ...PRICE_RANGES].map((range) => (
              <option key={range.id} value={range.id}>
                {range.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {/* A list once loaded stays shown while it is fetched again; a failure shows only when there is none. */}
      {!listed.data ? (
        listed.isError && !listed.isFetching ? (
          <ErrorNotice title={TEXT.failed} error={listed.error} onRetry={() => void listed.refetch()} />
        ) : (
          <p className="property-explorer__loading" role="status">
            {TEXT.loading}
          </p>
        )
      ) : (
        <Tabs.Root value={category} onValueChange={(value) => setCategory(value as PropertyCategory)}>
          <Tabs.List className="property-explorer__tabs" aria-label={TEXT.categoriesLabel}>
            {PROPERTY_CATEGORIES.map(({ id, label }) => (
              <Tabs.Trigger key={id} value={id} className="property-explorer__tab">
                {label} <span className="property-explorer__count">({counts[id]})</span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {PROPERTY_CATEGORIES.map(({ id }) => {
            const shown = matching.filter((property) => property.category === id);
            return (
              <Tabs.Content key={id} value={id} className="property-explorer__panel">
                <p className="property-explorer__showing" role="status">
                  {TEXT.showing(shown.length)}
                </p>
                {shown.length > 0 ? (
                  <ul className="property-explorer__grid">
                    {shown.map((property) => (
                      <li key={property.id}>
                        <PropertyCard property={property} onRequestCallback={({ id }) => setCallbackForm({ propertyId: id })} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <div className="property-explorer__empty">
                    <SearchX aria-hidden size={36} />
                    <h4>{TEXT.emptyTitle}</h4>
                    <p>{TEXT.emptyHint}</p>
                  </div>
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </section>
  );
}
