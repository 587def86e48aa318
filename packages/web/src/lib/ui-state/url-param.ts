import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's own choice (an id) kept in the address's search parameters beside the shell's
 * academic choice, so a reload, a shared link and the back button restore it. A value that is not
 * a whole number reads as nothing chosen; choosing adds a history entry.
 */
export function useIdParam(name: string): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = raw !== null && /^-?\d{1,9}$/.test(raw) ? Number(raw) : null;
  const choose = useCallback(
    (id: number | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(name);
          else next.set(name, String(id));
          return next;
        },
        { preventScrollReset: true },
      ),
    [name, setParams],
  );
  return [value, choose];
}
