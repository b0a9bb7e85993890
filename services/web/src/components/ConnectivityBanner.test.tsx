import { act, render, screen } from '@testing-library/react';
import { ConnectivityBanner, OFFLINE_TEXT, SLOW_TEXT } from './ConnectivityBanner';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('ConnectivityBanner', () => {
  const connection = Object.assign(new EventTarget(), { effectiveType: '4g' });
  beforeAll(() => Object.defineProperty(navigator, 'connection', { configurable: true, value: connection }));
  afterEach(() => {
    connection.effectiveType = '4g';
    act(() => setOnline(true));
  });

  it('shows nothing online, the offline text offline, and goes away on reconnect', () => {
    render(<ConnectivityBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent("You're offline - changes will sync when reconnected");
    expect(OFFLINE_TEXT).toBe("You're offline - changes will sync when reconnected");
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each(['2g', 'slow-2g'])('warns on a %s connection', (type) => {
    render(<ConnectivityBanner />);
    act(() => {
      connection.effectiveType = type;
      connection.dispatchEvent(new Event('change'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(SLOW_TEXT);
    expect(SLOW_TEXT).toBe('Slow connection detected');
  });
});
