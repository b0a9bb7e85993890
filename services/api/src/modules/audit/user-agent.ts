import Bowser from 'bowser';
import type { DeviceType } from '@daybook/shared';
import { USER_AGENT_MAX } from '../../http/client-info';

/** What a User-Agent says about the device, for the sessions list and the audit log. */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  deviceType: DeviceType;
  device: string | null;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(['desktop', 'mobile', 'tablet', 'tv']);
const joined = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/**
 * Reads a User-Agent with `bowser` (a small, maintained parser without dependencies; it runs in the api,
 * so the web bundle does not carry it). Stored User-Agents are at most USER_AGENT_MAX characters, which
 * bounds the parser's work.
 */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other', device: null };
  const parsed = Bowser.parse(userAgent.slice(0, USER_AGENT_MAX));
  const type = parsed.platform.type ?? '';
  return {
    browser: joined(parsed.browser.name, parsed.browser.version?.split('.')[0]),
    os: joined(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
    deviceType: KNOWN_TYPES.has(type) ? (type as DeviceType) : 'other',
    device: joined(parsed.platform.vendor, parsed.platform.model),
  };
}

/**
 * One line for the audit log: 'Firefox 120 on Windows 10', 'Safari 17 on iOS 17.1', or for a program the
 * parser does not know, its User-Agent's first word ('curl/8.5.0').
 */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.split(/\s/)[0]!.slice(0, 60);
}
