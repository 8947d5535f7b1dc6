/**
 * Back-off waits without the waiting: a test that must see an element give up after its retries (1 + 2 + 4 + 8 s of
 * reconnect delays) hurries exactly those timers, in the order the element should arm them, and checks afterwards
 * that every one was armed. Other timers keep their delays; a timer of another length in between is left alone.
 */

/** What {@link hurryTimers} hurries. */
export interface HurriedTimers {
  /** The delays not armed yet, in order: empty once the element armed every one. */
  readonly pending: number[];
  restore(): void;
}

/** Runs at once the next timer armed with `delays[0]`, then the next with `delays[1]`, and so on. */
export function hurryTimers(delays: readonly number[]): HurriedTimers {
  const realSetTimeout = window.setTimeout;
  const pending = [...delays];
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    if (pending.length > 0 && delay === pending[0]) {
      pending.shift();
      return realSetTimeout(handler, 0, ...args);
    }
    return realSetTimeout(handler, delay, ...args);
  }) as typeof window.setTimeout;
  return {
    pending,
    restore: () => {
      window.setTimeout = realSetTimeout;
    },
  };
}
