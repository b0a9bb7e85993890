import type { NotificationPayload } from '@daybook/shared';
import { messageLink, shortenToBytes } from './message';

const message: NotificationPayload = {
  kind: 'reminder',
  title: 'Call Ann',
  body: 'Due 14:00',
  taskId: '7d0f6a43-3f63-4a47-9a43-6f1c2f5d9b10',
  reminderId: null,
  late: false,
  url: '/?task=7d0f6a43-3f63-4a47-9a43-6f1c2f5d9b10',
};

describe('messageLink', () => {
  it("is the app's path without an app address, and absolute with one (with or without a trailing slash)", () => {
    expect(messageLink(message, null)).toBe('/?task=7d0f6a43-3f63-4a47-9a43-6f1c2f5d9b10');
    expect(messageLink(message, 'https://daybook.lan')).toBe('https://daybook.lan/?task=7d0f6a43-3f63-4a47-9a43-6f1c2f5d9b10');
    expect(messageLink({ ...message, url: '/' }, 'https://home.lan/daybook/')).toBe('https://home.lan/daybook/');
  });
});

describe('shortenToBytes', () => {
  it('keeps a text that fits as it is', () => {
    expect(shortenToBytes('hello', 5)).toBe('hello');
  });

  it('cuts a longer text at the longest prefix that fits with "…"', () => {
    const cut = shortenToBytes('a'.repeat(100), 20);
    expect(cut).toBe(`${'a'.repeat(17)}…`);
    expect(Buffer.byteLength(cut)).toBe(20);
  });

  it('never splits a character', () => {
    const cut = shortenToBytes('😀'.repeat(10), 13);
    expect(cut).toBe('😀😀…');
  });

  it('measures with the given measure (a JSON string counts its escapes)', () => {
    const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text));
    const cut = shortenToBytes('"'.repeat(50), 20, jsonBytes);
    expect(jsonBytes(cut)).toBeLessThanOrEqual(20);
    expect(cut).toBe(`${'"'.repeat(7)}…`);
  });
});
