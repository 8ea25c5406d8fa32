// The server (set-server, the one players use) against bad requests, sent
// byte for byte over a socket (an HTTP client would clean the paths up
// first); the headers a real host sends; and the clean-up of the server when
// Chromium cannot start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../scripts/server.mjs';
import { startBrowser } from './helpers.mjs';

const SECRET = 'a file beside the served folder';

/** A folder with a page to serve, and a secret file beside it. */
async function site() {
  const top = await mkdtemp(path.join(os.tmpdir(), 'set-serve-'));
  const root = path.join(top, 'dist');
  await mkdir(path.join(root, 'sub'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>SET</title>');
  await writeFile(path.join(root, 'sub', 'a.js'), 'export {};');
  await writeFile(path.join(top, 'secret.txt'), SECRET);
  return { top, root, remove: () => rm(top, { recursive: true, force: true }) };
}

/** Sends `head` as the raw request and resolves to { status, headers, body }. */
function raw(url, head) {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(head));
    const chunks = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [top, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = top.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(5000, () => reject(new Error(`no answer to ${JSON.stringify(head)}`)));
  });
}

// The server's own host and port: any other Host is refused (421) before a path is read.
const request = (url, method, target) => raw(url, `${method} ${target} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nConnection: close\r\n\r\n`);

test('the server answers bad paths and methods with a status, never a crash or a file outside its folder', { timeout: 60_000 }, async () => {
  const { root, remove } = await site();
  const server = await startServer({ dist: root });
  try {
    const cases = [
      ['GET', '/', 200],
      ['GET', '/sub/a.js', 200],
      ['GET', '/%', 400],
      ['GET', '/%E0%A4%A', 400],
      ['GET', '/%zz', 400],
      ['GET', '/index.html%00.png', 400],
      ['GET', '/%00', 400],
      ['GET', '/../secret.txt', 403],
      ['GET', '/sub/../../secret.txt', 403],
      ['GET', '/%2e%2e/secret.txt', 403],
      ['GET', '/%2E%2E%2Fsecret.txt', 403],
      ['GET', '/..%2fsecret.txt', 403],
      ['GET', '/..%5csecret.txt', 403],
      ['GET', '/sub/%2e%2e/%2e%2e/secret.txt', 403],
      ['GET', `/${'%2e%2e/'.repeat(12)}etc/passwd`, 403],
      ['GET', '//etc/passwd', 404],
      ['GET', '/etc/passwd', 404],
      ['GET', `/${path.join(root, '..', 'secret.txt')}`, 404],
      ['GET', 'http://127.0.0.1/../secret.txt', 400],
      ['GET', '/sub/a.js%00', 400],
      ['GET', '*', 400],
      ['GET', '/no-such-file.js', 404],
      ['POST', '/', 405],
      ['PUT', '/index.html', 405],
      ['DELETE', '/index.html', 405],
      ['PATCH', '/', 405],
      ['OPTIONS', '/', 405],
      ['TRACE', '/', 405],
    ];
    const seen = [];
    for (const [method, target, status] of cases) {
      const answer = await request(server.url, method, target);
      seen.push([method, target, answer.status]);
      assert.ok(!answer.body.includes(SECRET), `${method} ${target} leaked the file outside the folder`);
      if (status === 405) assert.equal(answer.headers.allow, 'GET, HEAD', `${method} ${target}`);
    }
    assert.deepEqual(seen, cases);

    // HEAD: the headers of GET, no body.
    const head = await request(server.url, 'HEAD', '/');
    assert.equal(head.status, 200);
    assert.match(head.headers['content-type'], /^text\/html/);
    assert.equal(head.headers['x-content-type-options'], 'nosniff');
    assert.equal(head.headers['cache-control'], 'no-cache', 'the page is revalidated');
    assert.match(head.headers['content-security-policy'], /default-src 'self'/);
    assert.equal(Number(head.headers['content-length']), '<!doctype html><title>SET</title>'.length);
    assert.equal(head.body, '');

    // Garbage that is not HTTP at all gets a 400 (or the connection closed), and the server lives on.
    const garbage = await raw(server.url, 'NOT HTTP AT ALL\r\n\r\n').catch(() => ({ status: 400 }));
    assert.ok(garbage.status === 400 || Number.isNaN(garbage.status), `garbage: ${garbage.status}`);
    assert.equal((await request(server.url, 'GET', '/')).status, 200, 'the server still serves after every bad request');
  } finally {
    await server.close();
    await remove();
  }
});

/** The set-server processes serving `root`. */
const serversOf = (root) => execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(root) && line.includes('set-server'));

test('when Chromium cannot start, the test helpers stop their server', { timeout: 30_000 }, async () => {
  const { root, remove } = await site();
  try {
    await assert.rejects(startBrowser({ dist: root, chromiumPath: path.join(root, 'no-such-chromium') }));
    assert.deepEqual(serversOf(root), [], 'a server was left running');
  } finally {
    await remove();
  }
});

test('when Chromium cannot start, the page benchmark ends and leaves no server process behind', { timeout: 60_000 }, async () => {
  const { root, remove } = await site();
  try {
    const child = spawn(process.execPath, ['scripts/bench-page.mjs'], {
      env: { ...process.env, DIST: root, CHROMIUM: path.join(root, 'no-such-chromium') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const code = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('bench-page.mjs did not end when Chromium could not start'));
      }, 45_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    assert.notEqual(code, 0, 'a failed launch is a failure');
    // Its server was started as `set-server … --dist <root>`; none may be left.
    assert.deepEqual(serversOf(root), []);
  } finally {
    await remove();
  }
});
