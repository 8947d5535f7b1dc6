/**
 * The faults every saving dialog is tested against (issue 18: "each of the eight faults shows the catalogue's
 * message, the dialog stays open with everything typed, retry works"), as fetch-stub answers (DESIGN §5: a fetch
 * stub is for fault injection only) with the en_US text of the error catalogue (shell §8) each one must show.
 */

/** What a stubbed call answers: a response, or a rejection as fetch gives one. */
export type FaultAnswer = (url: string, init: RequestInit | undefined) => Promise<Response>;

/** One fault: its name, the stub, and the message the dialog must show. */
export interface SaveFault {
  name: string;
  answer: FaultAnswer;
  message: string;
}

const html = '<!doctype html><html><head><title>502</title></head><body><h1>Bad gateway</h1></body></html>';

/**
 * The seven faults that answer at once. The eighth, a timeout, waits for the client's 15 s limit (shell §9), so a test
 * runs it on its own with {@link TIMEOUT_FAULT}.
 */
export const QUICK_SAVE_FAULTS: readonly SaveFault[] = [
  { name: 'HTTP 500', answer: async () => new Response('Internal Server Error', { status: 500 }), message: 'Request failed (HTTP 500)' },
  {
    name: 'HTTP 503 with an HTML page',
    answer: async () => new Response(html, { status: 503, headers: { 'content-type': 'text/html' } }),
    message: 'Request failed (HTTP 503)',
  },
  {
    name: 'HTTP 429 with the server envelope',
    answer: async () =>
      new Response(JSON.stringify({ status: { code: 100429, message: 'Too many requests, try again later' }, data: null }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      }),
    message: 'Too many requests, try again later',
  },
  {
    name: 'an HTML body instead of JSON',
    answer: async () => new Response(html, { status: 200, headers: { 'content-type': 'text/html' } }),
    message: 'The server answered with something that is not valid data',
  },
  {
    name: 'malformed JSON',
    answer: async () => new Response('{"status": {"code": 1, "message": ""}, "data": {', { status: 200, headers: { 'content-type': 'application/json' } }),
    message: 'The server answered with something that is not valid data',
  },
  {
    name: 'an aborted request',
    answer: async () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    message: 'Network error: check your connection and try again',
  },
  { name: 'network failure', answer: async () => Promise.reject(new TypeError('Failed to fetch')), message: 'Network error: check your connection and try again' },
];

/** A request that never answers: the client's own 15 s timeout ends it. */
export const TIMEOUT_FAULT: SaveFault = {
  name: 'timeout',
  answer: (_url, init) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
  message: 'Network request timeout',
};

/** Answers calls whose URL matches with `answer` and passes the rest to the real server; returns the restore function. */
export function stubFetch(match: RegExp, answer: FaultAnswer): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? answer(String(input), init) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

/** {@link hurriedTimeoutFault}'s fault, with what it saw. */
export interface HurriedTimeout {
  fault: SaveFault;
  /** The length of the client's timer behind each call the fault answered, in milliseconds. */
  armed: number[];
  restore(): void;
}

/**
 * {@link TIMEOUT_FAULT} without 15 s of waiting: the client arms its request timer (shell §9) just before it calls
 * fetch, so the last timer armed when the stub is reached is that call's. Its length is recorded (the test checks it is
 * the 15 s limit) and it runs at once: the client then times out as it would after 15 s. Restore when done.
 */
export function hurriedTimeoutFault(limitMs: number): HurriedTimeout {
  const realSetTimeout = window.setTimeout;
  let last: { id: number; delay: number; run: () => void } | null = null;
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const id = realSetTimeout(handler, delay, ...args);
    if (typeof handler === 'function') last = { id, delay: delay ?? 0, run: () => handler(...args) };
    return id;
  }) as typeof window.setTimeout;
  const armed: number[] = [];
  const fault: SaveFault = {
    ...TIMEOUT_FAULT,
    answer: (url, init) => {
      const pending = TIMEOUT_FAULT.answer(url, init);
      const timer = last;
      armed.push(timer?.delay ?? -1);
      if (timer && timer.delay === limitMs) {
        window.clearTimeout(timer.id);
        realSetTimeout(timer.run, 0);
      }
      return pending;
    },
  };
  return {
    fault,
    armed,
    restore: () => {
      window.setTimeout = realSetTimeout;
    },
  };
}
