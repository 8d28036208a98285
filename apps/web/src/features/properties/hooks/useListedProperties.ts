import { useQuery } from '@tanstack/react-query';
import { fetchListedProperties, propertyKeys } from '../api/propertiesApi';

/** The properties the explorer shows: available and booked ones, by id. */
export function useListedProperties() {
  return useQuery({ queryKey: propertyKeys.listed, queryFn: ({ signal }) => fetchListedProperties(signal) });
}
