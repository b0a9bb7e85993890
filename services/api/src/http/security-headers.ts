import type { Middleware } from 'koa';

/**
 * Headers on every api answer: JSON is never sniffed, framed, cached or given a referrer. A route's own
 * caching and referrer policy win (the calendar feed is `private, no-cache` so calendar apps revalidate it).
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    await next();
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': ctx.response.get('Referrer-Policy') || 'same-origin',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': ctx.response.get('Cache-Control') || 'no-store',
    });
  };
}
