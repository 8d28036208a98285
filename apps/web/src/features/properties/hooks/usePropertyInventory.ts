import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewProperty, PropertyChanges } from '@lead-desk/contracts';
import { changeProperty, createProperty, fetchPropertyInventory, propertyKeys } from '../api/propertiesApi';

/** Every property with its version, and the admins' changes; after each (or a refusal) the inventory and the explorer's list load again. */
export function usePropertyInventory() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: propertyKeys.all });
  return {
    inventory: useQuery({ queryKey: propertyKeys.inventory, queryFn: ({ signal }) => fetchPropertyInventory(signal) }),
    create: useMutation({ mutationFn: (property: NewProperty) => createProperty(property), onSettled: refresh }),
    change: useMutation({
      mutationFn: ({ id, version, changes }: { id: number; version: number; changes: PropertyChanges }) => changeProperty(id, version, changes),
      // A 412 says the list is out of date: it loads again, so the next try is made against the current version.
      onSettled: refresh,
    }),
  };
}
