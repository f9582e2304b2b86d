import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Evaluates `decide` once per visit (per location entry) rather than at every render. A guard must
 * judge the page being opened: a session that ends while a page is open (logout, a 401) is handled by
 * whoever ended it, and the guard must not take the page being left for a new visit.
 */
export const useVisit = <T>(decide: () => T): T => {
  const { key } = useLocation();
  const [visit, setVisit] = useState(() => ({ key, value: decide() }));
  if (visit.key !== key) {
    // Adjusting state while rendering is React's documented way to reset it when an input changes.
    const next = { key, value: decide() };
    setVisit(next);
    return next.value;
  }
  return visit.value;
};
