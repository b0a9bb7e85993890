import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import type { NotificationPayload } from '@daybook/shared';
import { SAMPLE_REMINDER_ID, SAMPLE_TASK_ID, sampleReminder, sendError } from '../../test/notify-fixtures';
import { closedPort, startStubHttp } from '../../test/stub-http';
import { createOutboundDoor, parseOutboundAllow } from '../../outbound';
import { generateVapidKeys, sendToChannel, type SendContext, type VapidKeys } from './index';
import { pushTopic } from './push';

/**
 * Web Push against a stand-in push service on loopback. The test plays the browser: it makes a
 * subscription's keys as a browser does, and decrypts what arrives (RFC 8188 and 8291, written here
 * independently of web-push) and checks the VAPID token (RFC 8292) with the server's public key.
 */

/** A stand-in push service: answers every message with `status`. */
const startPushService = (status = 201) => startStubHttp((res) => res.writeHead(status).end());

/** What a browser's PushManager.subscribe makes: a P-256 key pair (the public key is p256dh) and a 16-byte auth secret. */
function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    channel: { kind: 'push' as const, endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
  };
}

/** RFC 8291 on the browser's side: the aes128gcm body (one record) decrypted with the subscription's private key and auth secret. */
function decryptPushBody(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  expect(keyIdLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);

  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(senderPublicKey), authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // the last record: the data, the delimiter 2, then zeros
  const delimiter = padded.lastIndexOf(2);
  expect(padded.subarray(delimiter + 1).every((byte) => byte === 0)).toBe(true);
  return padded.subarray(0, delimiter).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT's claims after checking its ES256 signature with k. */
function verifiedVapidClaims(authorization: string | undefined, expectedKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  expect(match).not.toBeNull();
  const [, jwt, key] = match!;
  expect(key).toBe(expectedKey);
  const [header, claims, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const raw = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
}

const message: NotificationPayload = { ...sampleReminder, body: 'Due today at 14:00 — café' };
const vapid: VapidKeys = { ...generateVapidKeys(), subject: 'mailto:admin@daybook.example' };
// The stand-in push service is on loopback: this door opens it, as OUTBOUND_ALLOW would.
const outbound = createOutboundDoor({ allow: parseOutboundAllow('127.0.0.1') });
const context: SendContext = { timeoutMs: 5_000, outbound, smtp: null, vapid, appUrl: 'https://daybook.lan', idempotencyKey: SAMPLE_REMINDER_ID };
afterAll(() => outbound.close());

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
async function pushService(status?: number) {
  const service = await startPushService(status);
  closers.push(service.close);
  return service;
}

describe('web push', () => {
  it('sends one encrypted message that the browser decrypts to the payload, signed for the push service, for a day, urgent, under the delivery’s topic', async () => {
    const service = await pushService(201);
    const browser = browserSubscription(`${service.url}/push/v2/subscription-token`);
    await sendToChannel(browser.channel, message, context);

    expect(service.received).toHaveLength(1);
    const [request] = service.received;
    expect(request!.url).toBe('/push/v2/subscription-token');
    expect(request!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high', topic: pushTopic(SAMPLE_REMINDER_ID) });
    expect(request!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(JSON.parse(decryptPushBody(request!.body, browser.ecdh, browser.authSecret))).toEqual(message);

    const claims = verifiedVapidClaims(request!.headers.authorization, vapid.publicKey);
    expect(claims.aud).toBe(service.url);
    expect(claims.sub).toBe('mailto:admin@daybook.example');
    const expiresIn = (claims.exp as number) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it('gives every send of one delivery the same topic, and another delivery another', () => {
    expect(pushTopic(SAMPLE_REMINDER_ID)).toBe(pushTopic(SAMPLE_REMINDER_ID));
    expect(pushTopic(SAMPLE_REMINDER_ID)).not.toBe(pushTopic(SAMPLE_TASK_ID));
    expect(pushTopic('x'.repeat(500))).toHaveLength(32);
  });

  it('shortens a body too long for a push message', async () => {
    const service = await pushService(201);
    const browser = browserSubscription(`${service.url}/push/long`);
    await sendToChannel(browser.channel, { ...message, kind: 'digest', body: 'Today: call Ann, send the invoice. '.repeat(300) }, context);

    const payload = decryptPushBody(service.received[0]!.body, browser.ecdh, browser.authSecret);
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(3_900);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(3_800);
    const sent = JSON.parse(payload) as NotificationPayload;
    expect(sent.body.endsWith('…')).toBe(true);
    expect(sent).toMatchObject({ kind: 'digest', title: message.title, taskId: SAMPLE_TASK_ID, reminderId: SAMPLE_REMINDER_ID });
  });

  it('is permanent when the subscription has expired (410 or 404) or the message can never fit (413), transient for other refusals', async () => {
    for (const status of [410, 404, 413]) {
      const service = await pushService(status);
      const error = await sendError(sendToChannel(browserSubscription(`${service.url}/push/gone`).channel, message, context));
      expect(error).toMatchObject({ message: `Could not deliver (status ${status})`, permanent: true });
    }
    const busy = await pushService(503);
    const error = await sendError(sendToChannel(browserSubscription(`${busy.url}/push/busy`).channel, message, context));
    expect(error).toMatchObject({ message: 'Could not deliver (status 503)', permanent: false });
  });

  it('says only "Could not connect" when the push service cannot be reached (never the endpoint, whose path is a secret)', async () => {
    const port = await closedPort();
    const error = await sendError(sendToChannel(browserSubscription(`http://127.0.0.1:${port}/push/secret-token`).channel, message, context));
    expect(error).toMatchObject({ message: 'Could not connect', permanent: false });
  });

  it('goes through the outbound door: an endpoint on loopback or inside is refused without a connection', async () => {
    const service = await pushService(201);
    const closedDoor = createOutboundDoor();
    try {
      for (const endpoint of [`${service.url}/push/x`, `http://[::1]:${new URL(service.url).port}/push/x`, 'http://169.254.169.254/latest/']) {
        const error = await sendError(sendToChannel(browserSubscription(endpoint).channel, message, { ...context, outbound: closedDoor }));
        expect(error.message).toMatch(/^Not sent: .* is a private or local address/);
      }
    } finally {
      await closedDoor.close();
    }
    expect(service.connections).toBe(0);
  });

  it('is a clear permanent error without VAPID keys, or with a subscription whose keys are not keys', async () => {
    const service = await pushService(201);
    const browser = browserSubscription(`${service.url}/push/x`);
    const unset = await sendError(sendToChannel(browser.channel, message, { ...context, vapid: null }));
    expect(unset).toMatchObject({ message: 'Push is not set up on this server (VAPID keys)', permanent: true });

    const broken = await sendError(sendToChannel(browser.channel, message, { ...context, vapid: { ...vapid, privateKey: 'short' } }));
    expect(broken).toMatchObject({ message: 'Push is not set up correctly on this server (VAPID keys)', permanent: true });

    const badKeys = { ...browser.channel, keys: { p256dh: 'AAAA', auth: browser.channel.keys.auth } };
    const invalid = await sendError(sendToChannel(badKeys, message, context));
    expect(invalid).toMatchObject({ message: "This browser's subscription keys are not valid", permanent: true });
    expect(service.received).toHaveLength(0);
  });

  it('makes VAPID keys a browser accepts as applicationServerKey: a 65-byte P-256 point and a 32-byte secret', () => {
    const keys = generateVapidKeys();
    const publicKey = Buffer.from(keys.publicKey, 'base64url');
    expect(publicKey).toHaveLength(65);
    expect(publicKey[0]).toBe(4);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
