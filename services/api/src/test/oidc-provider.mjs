// A real OpenID Connect provider on loopback for the tests (the `oidc-provider` package, an ES module: it runs
// as a child process, so jest's CommonJS never loads it). The int tests of modules/auth and the browser
// journeys (e2e/harness) start it.
//
//   node services/api/src/test/oidc-provider.mjs '<settings as JSON>'
//
// Settings: { port (0: any free one), clientId, clientSecret, redirectUris: [..],
//             accounts: { <login>: { claims: {..}, codeTtlSeconds?: n } } }
// Once listening it prints one JSON line, {"issuer": "http://127.0.0.1:<port>"}, and serves until stopped.
//
// Signing in: the provider's development login form (GET /interaction/<uid>; POST there with prompt=login,
// login=<login>, password=<anything>) takes any login. A login the settings list gets its claims; any other
// gets a verified <login>@example.test and preferred_username <login>, so every journey can be a new person.
// There is no consent page: the client is first-party, consent is implied (loadExistingGrant below).
// An account's codeTtlSeconds shortens the life of its authorization codes (the expired-code test).
import http from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.argv[2] ?? process.env.OIDC_TEST_PROVIDER ?? '{}');
const accounts = settings.accounts ?? {};

/** The claims of a login: the configured ones, or a verified example address. */
function claimsOf(login) {
  return accounts[login]?.claims ?? { preferred_username: login, email: `${login}@example.test`, email_verified: true };
}

const server = http.createServer();
await new Promise((resolve) => server.listen(settings.port ?? 0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      redirect_uris: settings.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  // PKCE for every client (S256 is the only method oidc-provider takes).
  pkce: { required: () => true },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['preferred_username', 'name', 'given_name', 'family_name', 'groups'],
  },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['daybook-test-provider-cookie-key'] },
  ttl: {
    AuthorizationCode: (_ctx, code) => accounts[code.accountId]?.codeTtlSeconds ?? 60,
    AccessToken: () => 600,
    IdToken: () => 600,
    Interaction: () => 600,
    Session: () => 3600,
    Grant: () => 3600,
  },
  async findAccount(_ctx, sub) {
    return { accountId: sub, claims: async () => ({ sub, ...claimsOf(sub) }) };
  },
  // A first-party client: a signed-in account's grant covers what the client asks, with no consent page.
  async loadExistingGrant(ctx) {
    const { client, session, params } = ctx.oidc;
    const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    if (!session.accountId) return undefined;
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope(String(params.scope ?? 'openid'));
    await grant.save();
    return grant;
  },
});

server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
