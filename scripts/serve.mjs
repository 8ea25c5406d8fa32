// Serves a built dist/ folder on 127.0.0.1: the play command and the
// end-to-end tests use it, so people and tests load the same release build.
//
//   node scripts/serve.mjs [dir] [--port N]    (default: dist, port 8080)
//
// Only GET and HEAD of files inside the folder are answered. Anything else
// gets a status and a one-line reason, never a crash: a path that does not
// decode (400), a NUL byte (400), a way out of the folder, encoded or not
// (403), another method (405), a missing file (404).
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Where a request's target points inside `root`, or `{ status, reason }`. */
export function resolveTarget(root, target) {
  // Only origin-form targets ("/a/b?q"): an absolute URL or "*" is refused.
  if (typeof target !== 'string' || !target.startsWith('/')) return { status: 400, reason: 'bad request target' };
  const rawPath = target.split(/[?#]/, 1)[0];
  let pathname;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { status: 400, reason: 'malformed percent-encoding' };
  }
  if (pathname.includes('\0')) return { status: 400, reason: 'NUL byte in path' };
  // Backslashes would be separators on Windows: treat them as a way out too.
  if (pathname.split(/[/\\]/).some((part) => part === '..')) return { status: 403, reason: 'forbidden' };
  const file = path.resolve(root, `.${pathname.endsWith('/') ? `${pathname}index.html` : pathname}`);
  if (file !== root && !file.startsWith(root + path.sep)) return { status: 403, reason: 'forbidden' };
  return { file };
}

/** Starts a server for `dir`; resolves to { url, close, serveFrom }. Port 0
 *  picks a free one. `serveFrom(dir)` answers from another build from then
 *  on, at the same address: a new release, as the update test needs. */
export async function serve(dir, port = 0) {
  let root = path.resolve(dir);
  await stat(path.join(root, 'index.html')); // fail early on a missing build
  const answer = (response, status, reason, headers = {}) =>
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(reason);
  const server = http.createServer(async (request, response) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        answer(response, 405, 'method not allowed', { allow: 'GET, HEAD' });
        return;
      }
      const target = resolveTarget(root, request.url);
      if (!target.file) {
        answer(response, target.status, target.reason);
        return;
      }
      let body;
      try {
        body = await readFile(target.file);
      } catch {
        answer(response, 404, 'not found');
        return;
      }
      const type = TYPES[path.extname(target.file)] ?? 'application/octet-stream';
      response.writeHead(200, { 'content-type': type, 'content-length': body.length, 'cache-control': 'no-cache' });
      response.end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      // Whatever else goes wrong answers this request only; the server goes on.
      if (!response.headersSent) answer(response, 500, 'internal error');
      else response.destroy(error);
    }
  });
  // A client that sends garbage gets 400 from Node itself; it must not end the server.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  const close = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections?.();
    });
  const serveFrom = async (next) => {
    await stat(path.join(path.resolve(next), 'index.html'));
    root = path.resolve(next);
  };
  return { url, close, serveFrom };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 8080;
  const dir = args[0] ?? 'dist';
  try {
    const { url } = await serve(dir, port);
    console.log(`SET is ready: open ${url} (Ctrl+C stops the server)`);
  } catch (error) {
    console.error(`could not serve ${dir} on port ${port}: ${error.message}`);
    process.exit(1);
  }
}
