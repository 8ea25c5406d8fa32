// Serves a built dist/ folder on 127.0.0.1: the play command and the
// end-to-end tests use it, so people and tests load the same release build.
//
//   node scripts/serve.mjs [dir] [--port N]    (default: dist, port 8080)
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
};

/** Starts a server for `dir`; resolves to { url, close }. Port 0 picks a free one. */
export async function serve(dir, port = 0) {
  const root = path.resolve(dir);
  await stat(path.join(root, 'index.html')); // fail early on a missing build
  const server = http.createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root + path.sep)) {
      response.writeHead(403).end('forbidden');
      return;
    }
    try {
      const body = await readFile(file);
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
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
