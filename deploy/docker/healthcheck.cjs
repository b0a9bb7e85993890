#!/usr/bin/env node
'use strict';
// Container health checks for the node images (no curl in them): exit 0 when healthy, 1 otherwise.
//
//   node healthcheck.cjs http [URL]   GET URL answers 2xx (default http://127.0.0.1:$PORT/api/health,
//                                     which is 200 only when Postgres and Redis answer the api)
//   node healthcheck.cjs redis        the Redis at $REDIS_URL answers PING (the ai-worker's lifeline:
//                                     the worker itself has no port)
const http = require('node:http');
const https = require('node:https');
const net = require('node:net');
const tls = require('node:tls');

const TIMEOUT_MS = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 4000);

function fail(message) {
  process.stderr.write(`unhealthy: ${message}\n`);
  process.exit(1);
}

function checkHttp(url) {
  const client = url.startsWith('https:') ? https : http;
  const req = client.get(url, { timeout: TIMEOUT_MS }, (res) => {
    if (res.statusCode >= 200 && res.statusCode < 300) process.exit(0);
    // The api's health answer names what is down, e.g. {"status":"degraded","postgres":"ok","redis":"unavailable"}.
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      body += chunk;
      if (body.length > 500) res.destroy();
    });
    res.on('close', () => fail(`${url} answered ${res.statusCode} ${body.slice(0, 500)}`.trim()));
  });
  req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
  req.on('error', (error) => fail(`${url}: ${error.message}`));
}

/** One RESP command as an array of bulk strings. */
function command(...parts) {
  return `*${parts.length}\r\n${parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join('')}`;
}

function checkRedis(urlText) {
  let url;
  try {
    url = new URL(urlText);
  } catch {
    fail(`REDIS_URL is not a URL: ${urlText}`);
  }
  const secure = url.protocol === 'rediss:';
  const port = Number(url.port || 6379);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const socket = secure ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
  const expected = [];
  let out = '';
  if (password) {
    out += username ? command('AUTH', username, password) : command('AUTH', password);
    expected.push('+OK');
  }
  out += command('PING');
  expected.push('+PONG');

  const timer = setTimeout(() => fail(`redis ${host}:${port}: no answer within ${TIMEOUT_MS} ms`), TIMEOUT_MS);
  socket.on(secure ? 'secureConnect' : 'connect', () => socket.write(out));
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\r\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const want = expected.shift();
      if (line !== want) fail(`redis ${host}:${port} answered "${line}" (expected ${want})`);
      if (expected.length === 0) {
        clearTimeout(timer);
        socket.end();
        process.exit(0);
      }
    }
  });
  socket.on('error', (error) => fail(`redis ${host}:${port}: ${error.message}`));
}

const [mode, target] = process.argv.slice(2);
if (mode === 'http') {
  checkHttp(target || `http://127.0.0.1:${process.env.PORT || 3000}/api/health`);
} else if (mode === 'redis') {
  checkRedis(target || process.env.REDIS_URL || 'redis://127.0.0.1:6379');
} else {
  fail('usage: healthcheck.cjs http [URL] | redis [REDIS_URL]');
}
