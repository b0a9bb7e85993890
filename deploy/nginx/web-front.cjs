#!/usr/bin/env node
'use strict';
// What Daybook's web front adds to the answers it serves, and how it logs an address, in one place for
// both ways Daybook is served:
//   - nginx in the appliance: the two GENERATED blocks of deploy/nginx/daybook.conf.template are rendered
//     from this file (nginx cannot read it; the deploy tests fail when the blocks differ from it), and
//   - `npm start` and `npm run dev` (scripts/start.mjs), whose front, scripts/web-server.mjs, imports it
//     (deploy/test/nginx.test.ts asks both for the same addresses and compares their headers).
// After a change here, write the blocks again:  node deploy/nginx/web-front.cjs --write
//
// Every rule looks at the address as the browser asked for it (nginx's $request_uri, the request line's
// path and query; a request to a proxy names the scheme and host first), tried in the order below; the
// first that matches decides.

/** An optional scheme and host before the path (a request line in absolute form, a referrer). */
const ORIGIN = '([A-Za-z][A-Za-z0-9+.-]*://[^/?#]*)?';

/** The app page's policy: scripts from this origin only (no inline, no eval), inline styles for MUI/emotion, never framed. */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Kinds of address. `api`: answers of the api, which carry its own, stricter headers
 * (services/api/src/http/security-headers.ts), so the front adds none. `share`: a shared task's page
 * (DECISIONS 33), index.html at an address that holds the link's key: never stored, never sent on as a
 * referrer. `asset`: hashed build output.
 */
const PATH_KINDS = [
  { kind: 'api', pattern: `^${ORIGIN}/api/`, caseless: false },
  // The web app's router matches /share/ in any case, so this does too.
  { kind: 'share', pattern: `^${ORIGIN}/share/`, caseless: true },
  { kind: 'asset', pattern: `^${ORIGIN}/assets/`, caseless: false },
];

/**
 * The headers on the app's own files (index.html and every route, /assets/, /sw.js, the manifest, icons):
 * `value` everywhere but where a kind of address has its own. `always: false`: only on successful answers
 * (a missing file's 404 is cached by nobody).
 */
const PAGE_HEADERS = [
  // Files under /assets/ have a content hash in their name: a browser may keep them for a year. Everything
  // else is revalidated on every load, so a new version reaches browsers as soon as it is deployed.
  { name: 'Cache-Control', value: 'no-cache', asset: 'public, max-age=31536000, immutable', share: 'no-store', always: false },
  { name: 'Content-Security-Policy', value: APP_CSP },
  { name: 'X-Content-Type-Options', value: 'nosniff' },
  { name: 'X-Frame-Options', value: 'DENY' },
  { name: 'Referrer-Policy', value: 'same-origin', share: 'no-referrer' },
  // The microphone stays available to this origin for speech entry of tasks.
  { name: 'Permissions-Policy', value: 'camera=(), geolocation=(), microphone=(self), payment=(), usb=()' },
  { name: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/**
 * Addresses that hold a secret: a shared task's page and its api (the link's token), the calendar feed (its
 * secret), the page a mail's link confirms an email address on (its token). Logs write them with the secret
 * replaced by MASK, in request lines and referrers alike. Groups: 1 scheme and host, 2 what comes before the
 * secret, 3 what comes after it.
 */
const SECRET_ADDRESSES = [
  `^${ORIGIN}(/share/)[^/?#]+(.*)$`,
  `^${ORIGIN}(/api/shares/)[^/?#]+(.*)$`,
  `^${ORIGIN}(/api/calendar/)[^/?#]+(\\.ics(?:[?#].*)?)$`,
  `^${ORIGIN}(/confirm-email/)[^/?#]+(.*)$`,
];
const MASK = '[secret]';

const compiledKinds = PATH_KINDS.map((k) => ({ ...k, regex: new RegExp(k.pattern, k.caseless ? 'i' : '') }));
const compiledSecrets = SECRET_ADDRESSES.map((pattern) => new RegExp(pattern, 'i'));

/** The kind of an address as asked for (path and query), or 'page' for every other file and route of the app. */
function pathKind(requestUri) {
  return compiledKinds.find((k) => k.regex.test(requestUri))?.kind ?? 'page';
}

/** The headers the front adds to an answer for `requestUri` with `status` (none on the api's answers). */
function frontHeaders(requestUri, status = 200) {
  const kind = pathKind(requestUri);
  if (kind === 'api') return {};
  // As nginx's add_header without `always`: 2xx and the redirects it names, 304 included.
  const successful = (status >= 200 && status < 300) || [301, 302, 303, 304, 307, 308].includes(status);
  const headers = {};
  for (const header of PAGE_HEADERS) {
    if (header.always === false && !successful) continue;
    headers[header.name] = header[kind] ?? header.value;
  }
  return headers;
}

/** An address or a referrer as logs may write it: the secret of a share link, calendar feed or confirmation link masked. */
function maskSecrets(address) {
  for (const regex of compiledSecrets) {
    if (regex.test(address)) return address.replace(regex, `$1$2${MASK}$3`);
  }
  return address;
}

// ---------------------------------------------------------------- the nginx template's generated blocks

const variableOf = (name) => `$daybook_${name.toLowerCase().replace(/-/g, '_')}`;
/** A value in double quotes; nothing in it is read as a variable. */
const quoted = (text) => {
  if (/["\\$]/.test(text)) throw new Error(`cannot quote for nginx: ${text}`);
  return `"${text}"`;
};
/** A map's regex key (nginx reads no variables in keys; a backslash other than before a quote or backslash stays). */
const regexKey = (pattern, caseless) => {
  if (/"|\\\\/.test(pattern)) throw new Error(`cannot quote for nginx: ${pattern}`);
  return `"${caseless ? '~*' : '~'}${pattern}"`;
};

/** The http-level block: one map per header (on $request_uri, the address as asked for), the masked log format. */
function nginxHttpBlock() {
  const lines = ['# The headers of the app\'s files, by kind of address (empty: left out; /api answers carry the api\'s own).'];
  for (const header of PAGE_HEADERS) {
    lines.push(`map $request_uri ${variableOf(header.name)} {`);
    for (const { kind, pattern, caseless } of PATH_KINDS) {
      if (kind === 'api') lines.push(`    ${regexKey(pattern, caseless)} "";`);
      else if (header[kind] !== undefined) lines.push(`    ${regexKey(pattern, caseless)} ${quoted(header[kind])};`);
    }
    lines.push(`    default ${quoted(header.value)};`, '}');
  }
  lines.push('', '# The access log writes the secret of a shared link, calendar feed or confirmation link masked, in the request line and the referrer.');
  for (const [source, variable] of [['$request_uri', '$daybook_log_uri'], ['$http_referer', '$daybook_log_referer']]) {
    lines.push(`map ${source} ${variable} {`);
    for (const pattern of SECRET_ADDRESSES) lines.push(`    ${regexKey(pattern, true)} "$1$2${MASK}$3";`);
    lines.push(`    default ${source};`, '}');
  }
  lines.push(
    `log_format daybook_masked '$remote_addr - $remote_user [$time_local] "$request_method $daybook_log_uri $server_protocol" '`,
    `                          '$status $body_bytes_sent "$daybook_log_referer" "$http_user_agent"';`,
  );
  return lines.join('\n');
}

/** The server-level block: the headers, and the access log in the masked format (the image sends it to stdout). */
function nginxServerBlock() {
  return [
    ...PAGE_HEADERS.map((header) => `add_header ${header.name} ${variableOf(header.name)}${header.always === false ? '' : ' always'};`),
    'access_log /var/log/nginx/access.log daybook_masked;',
  ]
    .map((line) => `    ${line}`)
    .join('\n');
}

const BLOCKS = { http: nginxHttpBlock, server: nginxServerBlock };
const begin = (name) => `# BEGIN GENERATED ${name}: from deploy/nginx/web-front.cjs (node deploy/nginx/web-front.cjs --write), do not edit here`;
const end = (name) => `# END GENERATED ${name}`;

/** The template with its generated blocks rendered afresh from this file. */
function withGeneratedBlocks(template) {
  let out = template;
  for (const [name, render] of Object.entries(BLOCKS)) {
    const start = out.indexOf(begin(name));
    const stop = out.indexOf(end(name));
    if (start < 0 || stop < start) throw new Error(`the nginx template has no GENERATED ${name} block`);
    const lineStart = out.lastIndexOf('\n', start) + 1;
    const indent = out.slice(lineStart, start);
    out = `${out.slice(0, start)}${begin(name)}\n${render()}\n${indent}${out.slice(stop)}`;
  }
  return out;
}

module.exports = { APP_CSP, PATH_KINDS, PAGE_HEADERS, SECRET_ADDRESSES, MASK, pathKind, frontHeaders, maskSecrets, nginxHttpBlock, nginxServerBlock, withGeneratedBlocks };

if (require.main === module) {
  const fs = require('node:fs');
  const path = require('node:path');
  const templatePath = path.join(__dirname, 'daybook.conf.template');
  const template = fs.readFileSync(templatePath, 'utf8');
  const rendered = withGeneratedBlocks(template);
  if (process.argv.includes('--write')) {
    fs.writeFileSync(templatePath, rendered);
    process.stdout.write(rendered === template ? 'deploy/nginx/daybook.conf.template is up to date\n' : 'wrote deploy/nginx/daybook.conf.template\n');
  } else if (rendered !== template) {
    process.stderr.write('deploy/nginx/daybook.conf.template differs from deploy/nginx/web-front.cjs: run node deploy/nginx/web-front.cjs --write\n');
    process.exit(1);
  } else {
    process.stdout.write('deploy/nginx/daybook.conf.template is up to date\n');
  }
}
