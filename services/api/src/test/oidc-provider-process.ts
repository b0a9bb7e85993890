import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The test provider's settings (see oidc-provider.mjs). */
export interface TestProviderSettings {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts?: Record<string, { claims: Record<string, unknown>; codeTtlSeconds?: number }>;
}

export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

const SCRIPT = path.join(__dirname, 'oidc-provider.mjs');

/** Starts the loopback OpenID Connect provider (oidc-provider.mjs) as a child process; resolves once it listens. */
export async function startTestProvider(settings: TestProviderSettings): Promise<TestProvider> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, JSON.stringify(settings)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`the test provider exited with ${code}: ${stderr}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A browser at the provider: keeps the provider's cookies, follows its redirects, and fills in its
 * development login form. It stops at the first redirect that leaves the provider (the app's callback).
 */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly issuer: string) {}

  private async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const [name = '', value = ''] = pair.split('=', 2).map((part) => part.trim());
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /**
   * From an authorization URL to where the provider sends the browser back: signs `login` in on the login
   * form when the provider shows it (it does not when this browser is still signed in there), or aborts
   * there (the person cancels). Answers the URL the provider redirects to outside itself.
   */
  async signIn(authorizationUrl: string, login: string, { abort = false } = {}): Promise<string> {
    let next = authorizationUrl;
    let init: RequestInit = {};
    for (let step = 0; step < 10; step += 1) {
      const response = await this.request(next, init);
      init = {};
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = new URL(location, next).href;
        if (!next.startsWith(this.issuer)) return next;
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (response.status !== 200 || !action) throw new Error(`unexpected answer of the provider at ${next}: ${response.status} ${page.slice(0, 300)}`);
      const form = new URL(action.replace(/&amp;/g, '&'), next).href;
      if (abort) {
        next = `${form}/abort`;
        continue;
      }
      next = form;
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ prompt: 'login', login, password: 'any password' }).toString() };
    }
    throw new Error('the provider redirected too often');
  }
}
