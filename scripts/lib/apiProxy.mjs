// The composed site's API on its own origin (docs/decisions/0017-same-origin-api.md): the shell's server passes
// /api/ and /socket.io/ through to the API, so the browser's calls are same-origin and pay no CORS preflight.
// Plain node:http: a request is streamed both ways, a WebSocket upgrade becomes a raw two-way pipe, and the client's
// address travels in X-Forwarded-For (the API believes it from this proxy's address only: TRUST_PROXY=loopback).
import http from 'node:http';
import net from 'node:net';
import { context, propagation } from '@opentelemetry/api';

/** The hop-by-hop headers a proxy must not forward (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

function forwardedHeaders(req) {
  const headers = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = client;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  // The API continues this hop's trace (traceparent); nothing is written while tracing is off.
  propagation.inject(context.active(), headers);
  return headers;
}

/** Answers `req` with what the API answers, streaming both bodies; 502 when the API cannot be reached. */
export function proxyHttp(req, res, target) {
  const url = new URL(target);
  const upstream = http.request(
    { host: url.hostname, port: url.port, method: req.method, path: req.url, headers: forwardedHeaders(req) },
    (answer) => {
      const headers = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify({ message: 'The server could not be reached. Please try again.' }));
  });
  req.pipe(upstream);
}

/** Passes a WebSocket upgrade through: the request head is replayed to the API, then bytes flow both ways. */
export function proxyUpgrade(req, socket, head, target) {
  const url = new URL(target);
  const upstream = net.connect(Number(url.port), url.hostname, () => {
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http', 'x-forwarded-host': req.headers.host ?? '' };
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`, ...Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => `${name}: ${v}`) : [`${name}: ${value}`]))];
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head?.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  // Either side closing ends the other: no half-open pair is left behind.
  upstream.on('error', close);
  socket.on('error', close);
  upstream.on('close', close);
  socket.on('close', close);
}
