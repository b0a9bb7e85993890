import type { SignInError } from '@daybook/shared';

/**
 * openid-client is an ES module only. It is loaded with `import()`: tsc keeps a dynamic import as it is in
 * the api's CommonJS output (Node loads the module natively), and under jest, where swc turns it into a
 * require(), jest.config.js transforms openid-client and its dependencies (oauth4webapi, jose) to CommonJS.
 * A static import would be compiled to require(), which TypeScript refuses for an ES module under `node16`.
 */
type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
type Configuration = InstanceType<OpenIdClient['Configuration']>;
const loadOpenIdClient = (): Promise<OpenIdClient> => import('openid-client');

/** How long discovery and each request to the provider may take, in seconds: an unreachable provider is told quickly. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface OidcClientSettings {
  /** OIDC_ISSUER_URL, exactly as the provider names itself. */
  issuer: string;
  clientId: string;
  /** Null: a public client (PKCE only). */
  clientSecret: string | null;
  /** OIDC_SCOPES, separated by spaces. */
  scopes: string;
}

/** What the browser keeps between the start and the callback (in a signed cookie), and checks there. */
export interface OidcFlow {
  state: string;
  nonce: string;
  /** The PKCE code verifier (S256). */
  verifier: string;
}

/** The claims of a signed-in person: the ID token's, completed by the userinfo endpoint's. */
export interface OidcClaims {
  iss: string;
  sub: string;
  [claim: string]: unknown;
}

/** A single sign-on that did not sign anybody in: its code says why (shared SIGN_IN_ERRORS). */
export class SignInFailure extends Error {
  constructor(
    readonly code: SignInError,
    /** What went wrong, for the log. */
    readonly detail?: unknown,
  ) {
    super(`single sign-on failed: ${code}`);
    this.name = 'SignInFailure';
  }
}

/** The failure a provider's or openid-client's error stands for. */
function failureOf(lib: OpenIdClient, error: unknown): SignInFailure {
  if (error instanceof SignInFailure) return error;
  // The provider answered the authorization with an error (the person cancelled, access denied).
  if (error instanceof lib.AuthorizationResponseError) return new SignInFailure('provider_error', `${error.error}: ${error.error_description ?? ''}`);
  // The token endpoint refused the code: expired, already used, or not issued for this verifier.
  if (error instanceof lib.ResponseBodyError) return new SignInFailure(error.error === 'invalid_grant' ? 'code_rejected' : 'provider_error', `${error.error}: ${error.error_description ?? ''}`);
  const cause = error instanceof Error ? error.cause : undefined;
  const unreachable =
    (error instanceof TypeError && error.message === 'fetch failed') || (error instanceof lib.ClientError && (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT'));
  if (unreachable) return new SignInFailure('provider_unreachable', cause ?? error);
  return new SignInFailure('invalid_response', error);
}

/**
 * The relying party of one provider (openid-client): the authorization code flow with PKCE (S256), state
 * and nonce. The provider's metadata is discovered at first use and kept; a discovery that fails is tried
 * again at the next sign-in, so a provider that was down works once it is back.
 */
export function createOidcClient(settings: OidcClientSettings) {
  let discovered: Promise<{ lib: OpenIdClient; config: Configuration }> | undefined;

  async function discover() {
    discovered ??= (async () => {
      const lib = await loadOpenIdClient();
      const issuer = new URL(settings.issuer);
      const clientAuth = settings.clientSecret ? lib.ClientSecretBasic(settings.clientSecret) : lib.None();
      // A provider on the LAN may well speak plain HTTP (http://authentik.lan): openid-client refuses it unless told.
      const execute = issuer.protocol === 'http:' ? [lib.allowInsecureRequests] : [];
      const config = await lib.discovery(issuer, settings.clientId, undefined, clientAuth, { execute, timeout: PROVIDER_TIMEOUT_SECONDS });
      return { lib, config };
    })();
    try {
      return await discovered;
    } catch (error) {
      discovered = undefined;
      throw new SignInFailure('provider_unreachable', error);
    }
  }

  return {
    /** Where to send the browser, and the flow to keep until it comes back. */
    async start(redirectUri: string): Promise<{ url: string; flow: OidcFlow }> {
      const { lib, config } = await discover();
      const flow: OidcFlow = { state: lib.randomState(), nonce: lib.randomNonce(), verifier: lib.randomPKCECodeVerifier() };
      const url = lib.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await lib.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, flow };
    },

    /**
     * The claims of the person the provider signed in, from the callback's query: the state is checked,
     * the code exchanged with the PKCE verifier, the ID token verified (signature, issuer, audience, expiry,
     * nonce), and the userinfo endpoint asked for what the ID token leaves out (groups, often the email).
     */
    async finish(redirectUri: string, query: string, flow: OidcFlow): Promise<OidcClaims> {
      const { lib, config } = await discover();
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = query;
      try {
        const tokens = await lib.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new SignInFailure('invalid_response', 'no ID token');
        const userinfo = config.serverMetadata().userinfo_endpoint ? await lib.fetchUserInfo(config, tokens.access_token, idToken.sub) : {};
        return { ...userinfo, ...idToken };
      } catch (error) {
        throw failureOf(lib, error);
      }
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
