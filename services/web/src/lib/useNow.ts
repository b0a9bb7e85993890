import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (default 30 s): "today", overdue and weekend mode follow the clock. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
