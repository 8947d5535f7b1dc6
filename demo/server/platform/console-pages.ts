/**
 * Serves the built console (DESIGN §4): the demo host's page at `/console/` and at every deep link below it (history
 * routing, shell §1), the bundles from `dist/` under `/console/assets/`, and `/` redirecting to `/console/`.
 *
 * Caching: rollup writes shared chunks as `dist/chunks/<name>-<hash>.js`, so a chunk's URL changes whenever its
 * content does and it may be cached for a year as immutable. Entry files (`console.js`, `elements/<name>.js`) and the
 * page keep stable URLs, so they are `no-cache`: the browser revalidates them with the ETag on every load.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_BASE } from './config.js';

/** Where the console's files are. */
export interface ConsoleFiles {
  distDir: string;
  hostIndexPath: string;
}

/** Cache-Control of content-hashed chunks. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of entry files and the page. */
export const REVALIDATE_CACHE = 'no-cache';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const NOT_BUILT =
  'The console has not been built yet.\n\n' +
  'Run `npm run build` (or `npm start`, which builds first) in the project folder, then reload this page.\n';

async function fileStats(path: string) {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** Sends a file with its type, length, ETag and cache policy; answers 304 when the browser's copy is current. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, path: string, cacheControl: string): Promise<FastifyReply> {
  const stats = await fileStats(path);
  if (!stats) return text(reply, 404, 'Not found\n');
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply
    .code(200)
    .type(CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream')
    .header('content-length', stats.size)
    .send(createReadStream(path));
}

/** Resolves a request path inside a folder; null when it would leave it or names a hidden file. */
function inside(folder: string, relative: string): string | null {
  if (relative.includes('\0') || relative.split('/').some((segment) => segment.startsWith('.'))) return null;
  const root = resolve(folder);
  const full = resolve(root, relative);
  return full.startsWith(root + sep) ? full : null;
}

/** Registers the console routes on the root instance. */
export async function consoleRoutes(app: FastifyInstance, files: ConsoleFiles): Promise<void> {
  const toConsole = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${CONSOLE_BASE}/${query >= 0 ? request.url.slice(query) : ''}`, 302);
  };
  app.get('/', toConsole);
  app.get(CONSOLE_BASE, toConsole);

  app.get(`${CONSOLE_BASE}/assets/*`, async (request, reply) => {
    if (!(await stat(files.distDir).catch(() => null))) return text(reply, 503, NOT_BUILT);
    const relative = (request.params as { '*': string })['*'];
    const path = inside(files.distDir, relative);
    if (!path) return text(reply, 404, 'Not found\n');
    return sendFile(request, reply, path, relative.startsWith('chunks/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
  });

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    const last = relative.split('/').pop() ?? '';
    // A deep link (no file extension) gets the page and the client router takes over; a missing file is a 404.
    if (extname(last) !== '') return text(reply, 404, 'Not found\n');
    if (!(await stat(files.distDir).catch(() => null)) || !(await fileStats(files.hostIndexPath))) {
      return text(reply, 503, NOT_BUILT);
    }
    return sendFile(request, reply, files.hostIndexPath, REVALIDATE_CACHE);
  };
  app.get(`${CONSOLE_BASE}/`, page);
  app.get(`${CONSOLE_BASE}/*`, page);
}
