/**
 * Web Push on this device (DECISIONS 29): whether the browser can receive it, and this browser's
 * subscription through the service worker (src/sw.ts shows the notifications).
 */

/** What stands between this browser and push: nothing, plain http, or a browser without it. */
export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    // A browser with push still hides it from plain http pages: say which of the two it is.
    return typeof window !== 'undefined' && !window.isSecureContext ? 'insecure' : 'unsupported';
  }
  return window.isSecureContext ? 'supported' : 'insecure';
}

/** A VAPID key as `pushManager.subscribe` takes it: base64url → bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The service worker that receives push; null when none is registered (the dev server, private mode). */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return null;
  return registration.active ? registration : navigator.serviceWorker.ready;
}

/** This browser's current push subscription, or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await pushRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The fields the api keeps from a subscription (`PushSubscription.toJSON()`). */
export function subscriptionBody(subscription: PushSubscription): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

/** A name for this device's channel, from its user agent: 'Chrome on Android', else 'This browser'. */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'This browser';
}
