import { useCallback, useEffect, useRef, useState } from 'react';

const HIGHLIGHT_MS = 4000;

/** Leads that just arrived or changed, each marked for a few seconds. */
export function useHighlights(): [ReadonlySet<string>, (ids: string[]) => void] {
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const highlight = useCallback((ids: string[]) => {
    setHighlighted((current) => new Set([...current, ...ids]));
    for (const id of ids) {
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setHighlighted((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, HIGHLIGHT_MS),
      );
    }
  }, []);

  return [highlighted, highlight];
}
