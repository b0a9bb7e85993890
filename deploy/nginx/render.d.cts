// Types of deploy/nginx/render.cjs, for TypeScript callers (deploy tests, the e2e harness).
export declare const TEMPLATE_PATH: string;
/** LISTEN_PORT, PROXY_LISTEN_PORT, API_UPSTREAM, WEB_ROOT, NGINX_LOCAL_RESOLVERS */
export declare const TEMPLATE_VARIABLES: readonly string[];
/** The nginx server group render.cjs defines for several api addresses; API_UPSTREAM names it. */
export declare const API_REPLICAS_GROUP: string;
export declare function renderTemplate(values: Record<string, string | number>, template?: string): string;
export declare function localResolvers(resolvConf?: string): string;
export interface NginxOptions {
  /** Port for browsers. */
  listenPort: number;
  /** Port for a trusted reverse proxy in front (default listenPort + 1). */
  proxyListenPort?: number;
  /** host:port of the api, e.g. 127.0.0.1:3001; a list for several api replicas (nginx spreads requests over them). */
  apiUpstream: string | readonly string[];
  /** Directory of the built web app (services/web/dist). */
  webRoot: string;
  /** Where pid, logs, temporary files and nginx.conf go (default: a new temporary directory). */
  prefix?: string;
  /** DNS servers for the api's host name (default: those of /etc/resolv.conf). */
  resolvers?: string;
  /** Default /etc/nginx/mime.types. */
  mimeTypes?: string;
  /** nginx "user" directive; default root when started as root, none otherwise. */
  user?: string;
}
export declare function renderMainConfig(options: NginxOptions & { prefix: string }): string;
export declare function writeNginxConfig(options: NginxOptions): { prefix: string; configPath: string };
