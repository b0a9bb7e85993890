import type { Middleware } from 'koa';

/** Headers on every api answer: JSON is never sniffed, framed, cached or given a referrer. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    await next();
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      // A route may ask for a stricter one (a shared link's answers: no-referrer).
      'Referrer-Policy': ctx.response.get('Referrer-Policy') || 'same-origin',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    });
  };
}
