/**
 * Request body limits. Every route gets the default; a route that accepts uploads (certificates, IP list files, DNS
 * imports, custom pages) raises it in its options: `api.post(path, { bodyLimit: UPLOAD_BODY_LIMIT }, handler)`.
 * A larger body is refused with HTTP 413 before it is read to the end.
 */

/** 1 MB: far above any form of the console, small enough that a flood of large bodies cannot exhaust memory. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** 25 MB: the largest upload the spec allows in one request plus multipart overhead (rules §5: files up to 2-5 MB). */
export const UPLOAD_BODY_LIMIT = 25 * 1024 * 1024;
