import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { fetchCall, placeCall } from '../api/callsApi';
import { callKeys } from '../api/leadQueryKeys';
import { canStartCall, closedCall, outboundCallReducer, type CallTarget } from '../outboundCallMachine';

/**
 * The outbound call dialog's state. POST /api/calls places the call; from then on the
 * call's record in the query cache, which live call.updated events keep current, moves it.
 */
export function useOutboundCall() {
  const [state, dispatch] = useReducer(outboundCallReducer, closedCall);
  // Each start counts: an answer to a cancelled or earlier attempt is ignored.
  const attempt = useRef(0);

  const record = useQuery({
    queryKey: callKeys.call(state.callId ?? ''),
    queryFn: ({ signal }) => fetchCall(state.callId!, signal),
    enabled: state.callId !== null,
    // Live events replace it; reading it once catches updates that came before the call's id was known.
    staleTime: Infinity,
  });
  useEffect(() => {
    if (record.data) dispatch({ type: 'CALL_UPDATED', call: record.data });
  }, [record.data]);

  const { target, status } = state;
  const start = useCallback(async () => {
    if (!target || !canStartCall(status)) return;
    const thisAttempt = ++attempt.current;
    dispatch({ type: 'START' });
    try {
      const placed = await placeCall(target.leadId);
      if (attempt.current === thisAttempt) dispatch({ type: 'PLACED', callId: placed.id, number: placed.number, status: placed.status });
    } catch (error) {
      console.error('The outbound call could not be placed', error);
      if (attempt.current === thisAttempt) dispatch({ type: 'FAILED', message: error instanceof Error ? error.message : String(error) });
    }
  }, [target, status]);

  const open = useCallback((next: CallTarget) => dispatch({ type: 'OPEN', target: next }), []);
  const cancel = useCallback(() => {
    attempt.current += 1;
    dispatch({ type: 'CANCEL' });
  }, []);

  return { state, open, start, cancel };
}
