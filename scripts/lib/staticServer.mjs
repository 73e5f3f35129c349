// A small production-like static server: pre-compressed brotli/gzip by Accept-Encoding, immutable
// caching for hashed assets, revalidation for the registry, manifests, remote entries and HTML.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { proxyHttp, proxyUpgrade } from './apiProxy.mjs';
import { observeRequest } from './pageObservability.mjs';
import { allowInlineStyles, commonSecurityHeaders, openerHeaders } from './securityHeaders.mjs';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const hashedAsset = /\.[0-9a-f]{8,}\.(js|css|png|jpe?g|webp|svg|woff2?)$/;

/** The type of a generated file follows its name (/remotes.json, /robots.txt, /sitemap.xml). */
export function generatedContentType(pathname) {
  return contentTypes[path.extname(pathname)] ?? 'application/json; charset=utf-8';
}

export function cacheControlFor(filePath) {
  return hashedAsset.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function pickEncoding(acceptEncoding = '') {
  const accepted = acceptEncoding.split(',').map((part) => part.trim().split(';')[0]);
  const order = [];
  if (accepted.includes('br')) order.push(['br', '.br']);
  if (accepted.includes('gzip')) order.push(['gzip', '.gz']);
  return order;
}

async function isFile(file) {
  try {
    return (await fsp.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * @param {object} options
 * @param {string} options.root           folder to serve
 * @param {boolean} [options.spa]          unknown paths without an extension answer index.html (the shell)
 * @param {Record<string, () => string | Promise<string>>} [options.generated]  path -> body producer (the registry,
 *   runtime config, and the API's robots.txt and sitemap.xml); the type follows the path's extension
 * @param {(req) => Record<string,string>} [options.pageHeaders]  extra headers on HTML pages (CSP)
 * @param {boolean} [options.cors]         allow any origin to fetch these public assets (remotes)
 * @param {{ prefixes: string[], target: string }} [options.proxy]  paths passed through to another server (the API)
 * @param {(url: string, visitor: { address?: string }) => Promise<{ status: number, html: string, etag: string } | null>} [options.renderPage]
 *   pages that are not files: the server-rendered page, or null for index.html (pageRenderer.mjs)
 * @param {{ observe(kind: string, status: number, seconds: number): void } | null} [options.metrics]  records each
 *   request's duration by kind and status (pageObservability.mjs); every request is also a trace span (a no-op
 *   while tracing is off)
 * @param {(req: import('node:http').IncomingMessage) => string | undefined} [options.visitorAddress]  the visitor's
 *   address for a render's API calls: the connection's own by default; a page server behind a proxy reads the proxy's
 * @param {ReturnType<typeof import('./releaseRegistry.mjs').createReleaseRegistry> | null} [options.releases]  the
 *   release registry (releaseRegistry.mjs): /remotes.json and the server render get the visitor's registry, and the
 *   uploaded releases are served, immutable, under /releases/
 */
export function createStaticServer({ root, spa = false, generated = {}, pageHeaders = () => ({}), cors = false, proxy = null, renderPage = null, metrics = null, visitorAddress = (req) => req.socket.remoteAddress, releases = null }) {
  const rootDir = path.resolve(root);
  const proxied = (rawUrl) => proxy !== null && proxy.prefixes.some((prefix) => (rawUrl ?? '/').startsWith(prefix));

  const server = http.createServer((req, res) => observeRequest(req, res, metrics, handle));
  async function handle(req, res, setKind) {
    if (proxied(req.url)) {
      setKind('api');
      return proxyHttp(req, res, proxy.target);
    }
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const headers = { ...commonSecurityHeaders, Vary: 'Accept-Encoding' };
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        // A malformed percent-encoding is the client's mistake, not a server error.
        setKind('bad-request');
        res.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad path');
        return;
      }
      if (cors) {
        headers['Access-Control-Allow-Origin'] = '*';
        headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        setKind('bad-request');
        res.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
        return;
      }

      if (releases && pathname === '/remotes.json') {
        setKind('generated');
        // The visitor's registry: revalidated on every load (no-cache), a 304 while their versions are unchanged.
        const answer = await releases.forRequest(req, { count: true });
        const etag = `W/"${crypto.createHash('sha1').update(answer.json).digest('base64url').slice(0, 22)}"`;
        Object.assign(headers, answer.headers, { 'Content-Type': generatedContentType(pathname), 'Cache-Control': 'no-cache', ETag: etag, Vary: 'Accept-Encoding, Cookie' });
        if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
        res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : answer.json);
        return;
      }
      if (releases?.releasesDir && pathname.startsWith('/releases/')) {
        // A release's files never change once uploaded (a new version is a new folder): cached for good.
        const file = path.join(releases.releasesDir, pathname.slice('/releases/'.length));
        if (!file.startsWith(releases.releasesDir + path.sep) || !(await isFile(file))) {
          setKind('not-found');
          res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
          return;
        }
        setKind('release');
        const stat = await fsp.stat(file);
        res.writeHead(200, {
          ...headers,
          'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Content-Length': String(stat.size),
          'Access-Control-Allow-Origin': '*',
          'Cross-Origin-Resource-Policy': 'cross-origin',
        });
        if (req.method === 'HEAD') return void res.end();
        fs.createReadStream(file).pipe(res);
        return;
      }

      const producer = generated[pathname];
      if (producer) {
        setKind('generated');
        let body;
        try {
          body = await producer();
        } catch (error) {
          // A producer that asks the API (the sitemap) fails when the API is down: say so, not 500.
          res.writeHead(502, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not available right now.');
          console.error('[static]', pathname, error.message);
          return;
        }
        res.writeHead(200, { ...headers, 'Content-Type': generatedContentType(pathname), 'Cache-Control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }

      // The home page is rendered like every other page; index.html is only its template.
      if (pathname === '/' && spa && renderPage && (await serveRendered(req, res, url, headers))) return setKind('page');
      if (pathname.endsWith('/')) pathname += 'index.html';
      let file = path.join(rootDir, pathname);
      if (!file.startsWith(rootDir + path.sep)) {
        setKind('bad-request');
        res.writeHead(400, headers).end('Bad path');
        return;
      }
      if (!(await isFile(file))) {
        if (spa && !path.extname(pathname) && renderPage && (await serveRendered(req, res, url, headers))) return setKind('page');
        if (spa && !path.extname(pathname)) {
          file = path.join(rootDir, 'index.html');
        } else {
          setKind('not-found');
          res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
          return;
        }
      }

      const ext = path.extname(file);
      const isPage = ext === '.html';
      if (isPage) setKind('shell');
      Object.assign(headers, {
        'Content-Type': contentTypes[ext] ?? 'application/octet-stream',
        'Cache-Control': cacheControlFor(file),
      });
      if (isPage) Object.assign(headers, pageHeaders(req), openerHeaders(pathname, url.search));

      let served = file;
      for (const [encoding, suffix] of pickEncoding(req.headers['accept-encoding'])) {
        if (await isFile(file + suffix)) {
          served = file + suffix;
          headers['Content-Encoding'] = encoding;
          break;
        }
      }
      const stat = await fsp.stat(served);
      headers['Content-Length'] = String(stat.size);
      headers['Last-Modified'] = stat.mtime.toUTCString();
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      headers.ETag = etag;
      if (req.headers['if-none-match'] === etag) {
        delete headers['Content-Length'];
        res.writeHead(304, headers).end();
        return;
      }
      res.writeHead(200, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      fs.createReadStream(served).pipe(res);
    } catch (error) {
      setKind('error');
      if (!res.headersSent) res.writeHead(500, { ...commonSecurityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Server error');
      console.error('[static]', error);
    }
  }
  /** A server-rendered page; false when the path is rendered in the browser or rendering failed (index.html then). */
  async function serveRendered(req, res, url, headers) {
    let page;
    // The visitor's registry (their cohort's versions): the page is rendered with it and carries it to the browser.
    const answer = releases ? await releases.forRequest(req) : null;
    try {
      page = await renderPage(url.pathname + url.search, { address: visitorAddress(req), ...(answer ? { registry: answer.registry } : {}) });
    } catch (error) {
      console.error('[static] server rendering failed; sending the page to render in the browser:', error);
      return false;
    }
    if (!page) return false;
    if (answer) releases.count(answer.registry);
    Object.assign(headers, pageHeaders(req), answer?.headers ?? {}, { 'Content-Type': contentTypes['.html'], 'Cache-Control': 'no-cache', ETag: page.etag });
    if (headers['Content-Security-Policy']) headers['Content-Security-Policy'] = allowInlineStyles(headers['Content-Security-Policy'], page.styleSources);
    // A page that is not there (an unknown path, a hidden or suspended member's profile, a hidden project) is kept
    // out of search indexes by its header too, whatever its markup says.
    if (page.status === 404 || page.status === 410) headers['X-Robots-Tag'] = 'noindex';
    if (req.headers['if-none-match'] === page.etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    // Compressed on the fly, as the files are ahead of time: brotli at a quality that costs about a millisecond.
    const [encoding] = pickEncoding(req.headers['accept-encoding'])[0] ?? [];
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? zlib.gzipSync(page.html)
          : Buffer.from(page.html);
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    res.writeHead(page.status, headers).end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  if (proxy) {
    server.on('upgrade', (req, socket, head) => {
      if (proxied(req.url)) proxyUpgrade(req, socket, head, proxy.target);
      else socket.destroy();
    });
  }
  return server;
}

export function listen(server, port, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
