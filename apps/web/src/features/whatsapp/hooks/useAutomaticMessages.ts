import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { automaticMessagesKey, fetchAutomaticMessages, saveAutomaticMessages } from '../api/whatsappAdminApi';

/** The automatic messages' settings, and saving all three (the answer is what is stored). */
export function useAutomaticMessages() {
  const queryClient = useQueryClient();
  return {
    settings: useQuery({ queryKey: automaticMessagesKey, queryFn: ({ signal }) => fetchAutomaticMessages(signal) }),
    save: useMutation({ mutationFn: saveAutomaticMessages, onSuccess: (saved) => queryClient.setQueryData(automaticMessagesKey, saved) }),
  };
}
