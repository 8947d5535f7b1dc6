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
