import type { Middleware } from 'koa';
import { apiTokenAllows } from '@daybook/shared';
import { forbidden, unauthorized } from '../core/errors';
import type { ApiTokensService } from '../modules/api-tokens/api-tokens.service';
import type { AppState } from './guards';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Requests with `Authorization: Bearer <token>` (DECISIONS 30) are signed in by the token alone: the
 * session cookie is not read (the app skips the session middleware for them) and the CSRF header is not
 * needed, since a browser never adds this header to a cross-site request by itself. A token that is
 * malformed, unknown, revoked or expired gets 401; a read token's write gets 403; each token's requests
 * are rate limited by `rate`.
 */
export function bearerTokens(tokens: ApiTokensService, rate: Middleware): Middleware<AppState> {
  return async (ctx, next) => {
    const authorization = ctx.get('authorization');
    if (!authorization || !ctx.path.startsWith('/api/')) return next();
    const token = BEARER.exec(authorization)?.[1];
    const holder = token ? await tokens.holderOf(token) : null;
    if (!holder) throw unauthorized('Invalid or expired API token');
    ctx.state.actor = holder.actor;
    ctx.state.apiToken = { id: holder.tokenId, scope: holder.scope };
    if (!apiTokenAllows(holder.scope, ctx.method)) throw forbidden('This API token may only read');
    return rate(ctx, next);
  };
}

/** Whether this request is signed in by an API token (set by `bearerTokens`). */
export const viaApiToken = (state: AppState): boolean => Boolean(state.apiToken);
