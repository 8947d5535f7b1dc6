/**
 * Request body limits. Every route gets the default; a route that accepts uploads (certificates, IP list files, DNS
 * imports, custom pages) raises it in its options: `api.post(path, { bodyLimit: UPLOAD_BODY_LIMIT }, handler)`.
 * A larger body is refused with HTTP 413 before it is read to the end.
 */

/** 1 MB: far above any form of the console, small enough that a flood of large bodies cannot exhaust memory. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** 25 MB: the largest upload the spec allows in one request plus multipart overhead (rules §5: files up to 2-5 MB). */
export const UPLOAD_BODY_LIMIT = 25 * 1024 * 1024;

/**
 * How deeply a JSON body may nest. The console's deepest body (a WAF rule's conditions) is 5 levels; a body nested
 * thousands of levels deep is an attack on every recursive step after parsing (hashing for idempotency, logging),
 * so it is refused before any of them runs.
 */
export const BODY_DEPTH_MAX = 32;

/** Whether a parsed body nests at most `max` levels (walked without recursion, so the check itself cannot overflow). */
export function bodyDepthWithin(body: unknown, max = BODY_DEPTH_MAX): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= max) return false;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}
