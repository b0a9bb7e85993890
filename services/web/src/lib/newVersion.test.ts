import { json, mockFetch } from '../test/render';
import { entryScriptsOf, reloadOnceForNewVersion } from './newVersion';

const indexHtml = (hash: string) =>
  `<html><head><script type="module" async crossorigin src="/assets/firstReads-${hash}.js"></script><script type="module" crossorigin src="/assets/index-${hash}.js"></script></head><body></body></html>`;

describe('a part missing after a deploy (issue 37)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.head.innerHTML = '<script type="module" crossorigin src="/assets/index-old.js"></script>';
  });

  it('reads the entry scripts an index.html names', () => {
    expect(entryScriptsOf(indexHtml('abc'))).toBe('/assets/firstReads-abc.js /assets/index-abc.js');
    expect(entryScriptsOf('<html></html>')).toBeNull();
  });

  it('reloads the page once for a new version, never again for the same one', async () => {
    mockFetch(() => new Response(indexHtml('new'), { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const reload = jest.fn();
    await reloadOnceForNewVersion(reload);
    await reloadOnceForNewVersion(reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the server still serves this version, nor when it cannot be asked', async () => {
    const reload = jest.fn();
    mockFetch(() => new Response('<script type="module" crossorigin src="/assets/index-old.js"></script>', { status: 200 }));
    await reloadOnceForNewVersion(reload);
    mockFetch(() => json(500, {}));
    await reloadOnceForNewVersion(reload);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await reloadOnceForNewVersion(reload);
    expect(reload).not.toHaveBeenCalled();
  });
});
