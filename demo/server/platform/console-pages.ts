/**
 * Serves the built console (DESIGN §4): the demo host's page at `/console/` and at every deep link below it (history
 * routing, shell §1), the bundles from `dist/` under `/console/assets/` through @fastify/static, and `/` redirecting
 * to `/console/`.
 *
 * Compression: the build writes `.br` and `.gz` next to every asset; @fastify/static sends the one the browser
 * accepts (`preCompressed`), so nothing is compressed per request.
 *
 * Caching: rollup writes chunks and assets with a content hash in their names (`dist/chunks/<name>-<hash>.js`,
 * `dist/assets/<name>-<hash>.<ext>`), so their URLs change whenever their content does and they may be cached for a
 * year as immutable. Entry files (`console.js`, `elements/<name>.js`, `custom-elements.json`) and the page keep stable
 * URLs, so they are `no-cache`: the browser revalidates them with the ETag on every load.
 */
import fastifyStatic from '@fastify/static';
import { stat } from 'node:fs/promises';
import { basename, dirname, relative as relativePath, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_BASE } from './config.js';

/** Where the console's files are. */
export interface ConsoleFiles {
  distDir: string;
  hostIndexPath: string;
}

/** Cache-Control of content-hashed chunks and assets. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of entry files and the page. */
export const REVALIDATE_CACHE = 'no-cache';

/** Folders of dist/ whose file names carry a content hash. */
const HASHED_FOLDERS = ['chunks/', 'assets/'];

const NOT_BUILT =
  'The console has not been built yet.\n\n' +
  'Run `npm run build` (or `npm start`, which builds first) in the project folder, then reload this page.\n';

function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);
}

const exists = async (path: string) => (await stat(path).catch(() => null)) !== null;

/** Registers the console routes on the root instance. */
export async function consoleRoutes(app: FastifyInstance, files: ConsoleFiles): Promise<void> {
  const toConsole = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${CONSOLE_BASE}/${query >= 0 ? request.url.slice(query) : ''}`, 302);
  };
  // The console's pages are not part of the API document.
  const hidden = { schema: { hide: true } };
  app.get('/', hidden, toConsole);
  app.get(CONSOLE_BASE, hidden, toConsole);

  await app.register(async (consoleFiles) => {
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const relative = (request.params as { '*'?: string })['*'] ?? '';
      const last = relative.split('/').pop() ?? '';
      // A deep link (no file extension) gets the page and the client router takes over; a missing file is a 404.
      if (/\.[^.]+$/.test(last)) return text(reply, 404, 'Not found\n');
      if (!(await exists(files.distDir)) || !(await exists(files.hostIndexPath))) return text(reply, 503, NOT_BUILT);
      return reply.sendFile(basename(files.hostIndexPath), dirname(files.hostIndexPath), { cacheControl: false });
    };

    consoleFiles.addHook('onRequest', async (_request, reply) => {
      if (!(await exists(files.distDir))) return text(reply, 503, NOT_BUILT);
    });
    await consoleFiles.register(fastifyStatic, {
      root: files.distDir,
      prefix: `${CONSOLE_BASE}/assets/`,
      preCompressed: true,
      index: false,
      // Hidden files (.env and the like) are never served.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(reply, path) {
        // The host page is sent from outside dist and is never hashed.
        const relative = relativePath(files.distDir, path).split(sep).join('/');
        const hashed = !relative.startsWith('..') && HASHED_FOLDERS.some((folder) => relative.startsWith(folder));
        reply.header('cache-control', hashed ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
        // RFC 9239: JavaScript is text/javascript (send's table still says application/javascript).
        if (/\.m?js$/.test(path)) reply.header('content-type', 'text/javascript; charset=utf-8');
      },
    });

    consoleFiles.get(`${CONSOLE_BASE}/`, hidden, page);
    consoleFiles.get(`${CONSOLE_BASE}/*`, hidden, page);
  });
}
