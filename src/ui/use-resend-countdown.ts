import { useEffect, useState } from 'react';

/** Seconds left before another verification code may be asked for; 0 when it may. */
export function useResendCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === 0) return;
    // Wall-clock based, so a tab put to sleep still shows the right number when it wakes.
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const remaining = Math.max(0, Math.ceil((until - now) / 1000));
  const start = (seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  };
  return { remaining, start };
}
