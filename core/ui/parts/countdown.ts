/**
 * The countdown before a verification code may be sent again (rules §8 "Verification code sent, can be resent after
 * a countdown"), shared by the user center's mailbox binding and the sign-in page's second step. It counts down from
 * the seconds the server answered (the server enforces the same wait), once a second, and stops at zero.
 */
import { useCallback, useEffect, useState } from 'react';

/** Seconds left and how to start counting. */
export interface Countdown {
  /** Seconds until another send is allowed; 0 when it is. */
  seconds: number;
  /** Starts (or restarts) the countdown from `seconds`. */
  start: (seconds: number) => void;
}

/** A one-second countdown; the timer runs only while there is something left to count. */
export function useCountdown(initial = 0): Countdown {
  const [deadline, setDeadline] = useState(() => (initial > 0 ? Date.now() + initial * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = seconds > 0;
  // Keyed on whether it runs, not on the seconds: one interval per countdown, not one per tick.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback((value: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + value * 1000);
  }, []);
  return { seconds, start };
}
