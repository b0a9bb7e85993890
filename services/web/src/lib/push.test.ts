import { base64UrlToBytes, deviceName, pushSupport } from './push';

describe('Web Push on this device', () => {
  it('turns a base64url VAPID key into its bytes', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect([...base64UrlToBytes('AQIDBA')]).toEqual([1, 2, 3, 4]);
  });

  it('names the device from its browser and system', () => {
    expect(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0')).toBe('Edge on Windows');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on Linux');
    expect(deviceName('curl/8')).toBe('This browser');
  });

  it('says what stands in the way: plain http, or a browser without push', () => {
    // jsdom: no Notification, no service worker, no PushManager.
    const secure = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
    try {
      Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
      expect(pushSupport()).toBe('insecure');
      Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
      expect(pushSupport()).toBe('unsupported');
    } finally {
      if (secure) Object.defineProperty(window, 'isSecureContext', secure);
      else delete (window as { isSecureContext?: boolean }).isSecureContext;
    }
  });
});
