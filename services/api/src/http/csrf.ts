import type { Middleware } from 'koa';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@daybook/shared';
import { AppError } from '../core/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * DECISIONS 9: state-changing /api calls need the custom header (a cross-site form cannot send it), and
 * are refused when the browser says they come from another site (Sec-Fetch-Site) or another origin.
 */
export function csrfProtection(): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
    const refuse = (why: string) => {
      throw new AppError(403, 'csrf', `Request refused: ${why}`);
    };
    const site = ctx.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') refuse('cross-site request');
    const origin = ctx.get('origin');
    if (origin && origin !== 'null') {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {
        refuse('malformed Origin header');
      }
      if (host !== ctx.host) refuse('cross-origin request');
    } else if (origin === 'null') {
      refuse('opaque origin');
    }
    if (ctx.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) refuse(`missing ${CSRF_HEADER} header`);
    return next();
  };
}
