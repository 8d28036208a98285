import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewWhatsappTemplate, WhatsappTemplateChanges } from '@lead-desk/contracts';
import { leadKeys } from '../../leads';
import { changeTemplate, fetchTemplates, registerTemplate } from '../api/whatsappAdminApi';

/** The registered templates (the same cache the lead's reply box reads), registering one and changing one. */
export function useWhatsappTemplates() {
  const queryClient = useQueryClient();
  const key = leadKeys.whatsappTemplates();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    templates: useQuery({ queryKey: key, queryFn: ({ signal }) => fetchTemplates(signal) }),
    register: useMutation({ mutationFn: (template: NewWhatsappTemplate) => registerTemplate(template), onSuccess: refresh }),
    change: useMutation({ mutationFn: ({ id, changes }: { id: string; changes: WhatsappTemplateChanges }) => changeTemplate(id, changes), onSuccess: refresh }),
  };
}
