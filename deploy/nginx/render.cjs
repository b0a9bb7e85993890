#!/usr/bin/env node
'use strict';
// Renders deploy/nginx/daybook.conf.template the way the web image does at start-up (only the five
// named ${PLACEHOLDERS} are replaced, as the image's envsubst step does), and wraps it in a small main
// configuration so Debian's nginx can run it as an ordinary process: the deploy tests and the browser
// journeys (e2e) serve the app through exactly the shipped file, changed only in ports, host names, the
// directory of the built app and the log directory (/var/log/nginx/ becomes the prefix: access.log there).
//
// From code:
//   const { writeNginxConfig } = require('deploy/nginx/render.cjs');
//   const { configPath, prefix } = writeNginxConfig({ listenPort: 8080, apiUpstream: '127.0.0.1:3001', webRoot: 'services/web/dist' });
//   (apiUpstream may be a list, ['127.0.0.1:3001', '127.0.0.1:3002']: several api replicas, see API_REPLICAS_GROUP)
//   spawn('nginx', ['-e', 'stderr', '-p', prefix, '-c', configPath]);   // stays in the foreground; stop it with SIGQUIT or SIGTERM
// From a shell:
//   node deploy/nginx/render.cjs --listen-port 8080 --api 127.0.0.1:3001[,127.0.0.1:3002] --web-root services/web/dist [--proxy-listen-port 8081] [--prefix DIR]
//   (prints the configuration file's path; the command to start nginx goes to stderr)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const TEMPLATE_PATH = path.join(__dirname, 'daybook.conf.template');

/** Where the image's nginx logs (its access.log is the container's stdout); here, the prefix. */
const IMAGE_LOG_DIR = '/var/log/nginx';

/** Every placeholder of the template; the image sets all of them (Dockerfile, web stage). */
const TEMPLATE_VARIABLES = ['LISTEN_PORT', 'PROXY_LISTEN_PORT', 'API_UPSTREAM', 'WEB_ROOT', 'NGINX_LOCAL_RESOLVERS'];

/** Replaces ${NAME} for the given names only, as envsubst does with a variable list; refuses a missing value. */
function renderTemplate(values, template = fs.readFileSync(TEMPLATE_PATH, 'utf8')) {
  for (const name of TEMPLATE_VARIABLES) {
    const value = values[name];
    if (value === undefined || value === null || String(value).trim() === '') throw new Error(`nginx template: ${name} has no value`);
  }
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (match, name) =>
    TEMPLATE_VARIABLES.includes(name) ? String(values[name]) : match,
  );
}

/** The DNS servers of /etc/resolv.conf, formatted for nginx's resolver directive (as the image's entrypoint does). */
function localResolvers(resolvConf = '/etc/resolv.conf') {
  let text = '';
  try {
    text = fs.readFileSync(resolvConf, 'utf8');
  } catch {
    // no resolv.conf: fall back below
  }
  const servers = text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[0] === 'nameserver' && fields[1])
    .map((fields) => (fields[1].includes(':') ? `[${fields[1]}]` : fields[1]));
  return servers.length > 0 ? servers.join(' ') : '127.0.0.1';
}

/**
 * The server group of several api addresses. The template's API_UPSTREAM then names it: nginx takes a name
 * in proxy_pass for a server group defined in the same http block before it would look it up in DNS. (The
 * web image needs none: Docker's DNS answers every replica's address for the one name api.)
 */
const API_REPLICAS_GROUP = 'daybook_api_replicas';

/** The api's address(es) as a list of host:port. */
function apiAddresses(apiUpstream) {
  const addresses = Array.isArray(apiUpstream) ? apiUpstream : [apiUpstream];
  if (addresses.length === 0 || !addresses.every((address) => typeof address === 'string' && /^[^\s/,]+:\d+$/.test(address))) {
    throw new Error(`apiUpstream must be host:port or a list of them, got ${apiUpstream}`);
  }
  return addresses;
}

/** The template's API_UPSTREAM, and the server group to define beside it when there are several addresses. */
function apiUpstreamConfig(apiUpstream) {
  const addresses = apiAddresses(apiUpstream);
  if (addresses.length === 1) return { API_UPSTREAM: addresses[0], group: [] };
  // A replica that refuses connections is skipped (the request goes to the next) and left alone for 5 s.
  return {
    API_UPSTREAM: API_REPLICAS_GROUP,
    group: [`    upstream ${API_REPLICAS_GROUP} {`, ...addresses.map((address) => `        server ${address} max_fails=1 fail_timeout=5s;`), '    }', ''],
  };
}

function checkPort(value, name) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return n;
}

/**
 * A complete nginx.conf for Debian's nginx around the rendered template: foreground, one worker,
 * pid/logs/temporary files under `prefix`. Options: listenPort, proxyListenPort (default listenPort+1),
 * apiUpstream (host:port, or a list of them), webRoot, prefix, resolvers, mimeTypes, user (when started as root).
 */
function renderMainConfig(options) {
  const listenPort = checkPort(options.listenPort, 'listenPort');
  const proxyListenPort = checkPort(options.proxyListenPort ?? listenPort + 1, 'proxyListenPort');
  if (listenPort === proxyListenPort) throw new Error('listenPort and proxyListenPort must differ');
  const api = apiUpstreamConfig(options.apiUpstream);
  if (!options.webRoot) throw new Error('webRoot is required');
  if (!options.prefix) throw new Error('prefix is required');
  const prefix = path.resolve(options.prefix);
  const webRoot = path.resolve(options.webRoot);
  const server = renderTemplate({
    LISTEN_PORT: listenPort,
    PROXY_LISTEN_PORT: proxyListenPort,
    API_UPSTREAM: api.API_UPSTREAM,
    WEB_ROOT: webRoot,
    NGINX_LOCAL_RESOLVERS: options.resolvers ?? localResolvers(),
  }).replaceAll(`${IMAGE_LOG_DIR}/`, `${prefix}/`);
  const runningAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const user = options.user ?? (runningAsRoot ? 'root' : undefined);
  const tmp = (name) => path.join(prefix, 'tmp', name);
  return [
    '# Generated by deploy/nginx/render.cjs around deploy/nginx/daybook.conf.template. Do not edit.',
    ...(user ? [`user ${user};`] : []),
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    `    include ${options.mimeTypes ?? '/etc/nginx/mime.types'};`,
    '    default_type application/octet-stream;',
    `    access_log ${path.join(prefix, 'access.log')};`,
    '    sendfile on;',
    '    keepalive_timeout 65;',
    `    client_body_temp_path ${tmp('client_body')};`,
    `    proxy_temp_path ${tmp('proxy')};`,
    `    fastcgi_temp_path ${tmp('fastcgi')};`,
    `    uwsgi_temp_path ${tmp('uwsgi')};`,
    `    scgi_temp_path ${tmp('scgi')};`,
    '',
    ...api.group,
    server,
    '}',
    '',
  ].join('\n');
}

/** Writes the main configuration (and the directories it names) under `prefix` (default: a new temporary directory). */
function writeNginxConfig(options) {
  const prefix = path.resolve(options.prefix ?? fs.mkdtempSync(path.join(os.tmpdir(), 'daybook-nginx-')));
  for (const dir of ['tmp/client_body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) {
    fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  }
  const configPath = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(configPath, renderMainConfig({ ...options, prefix }));
  return { prefix, configPath };
}

module.exports = { TEMPLATE_PATH, TEMPLATE_VARIABLES, API_REPLICAS_GROUP, renderTemplate, renderMainConfig, writeNginxConfig, localResolvers };

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  try {
    const listenPort = Number(option('listen-port') ?? 8080);
    const { prefix, configPath } = writeNginxConfig({
      listenPort,
      proxyListenPort: option('proxy-listen-port') ? Number(option('proxy-listen-port')) : undefined,
      apiUpstream: (option('api') ?? '127.0.0.1:3001').split(','),
      webRoot: option('web-root') ?? path.join(__dirname, '..', '..', 'services', 'web', 'dist'),
      prefix: option('prefix'),
    });
    process.stdout.write(`${configPath}\n`);
    process.stderr.write(`start it with: nginx -e stderr -p ${prefix} -c ${configPath}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
