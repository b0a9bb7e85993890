import { isSafeUrl, renderMarkdown } from './markdown';

function renderInto(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(source);
  return host;
}

describe('markdown sanitising', () => {
  it('escapes raw HTML: an <img onerror> is text, not an element', () => {
    const host = renderInto('before <img src=x onerror="window.__xss=1"> after');
    expect(host.querySelector('img')).toBeNull();
    expect(host.textContent).toContain('<img src=x onerror="window.__xss=1">');
  });

  it('escapes <script> blocks and inline event handlers', () => {
    const host = renderInto('<script>window.__xss = 1</script>\n\n<div onclick="x()">hi</div>');
    expect(host.querySelector('script')).toBeNull();
    expect(host.querySelector('[onclick]')).toBeNull();
    expect(host.querySelector('div')).toBeNull();
  });

  it.each([
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](java\tscript:alert(1))',
    '[click](&#106;avascript:alert(1))',
    '[click](vbscript:msgbox(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<javascript:alert(1)>',
  ])('neutralises the unsafe link %s', (source) => {
    const host = renderInto(source);
    expect(host.querySelector('a[href]')).toBeNull();
  });

  it('drops data: image sources', () => {
    const host = renderInto('![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)');
    expect(host.querySelector('img')).toBeNull();
  });

  it('keeps http(s) and mailto links, opening them in a new tab with rel="noopener noreferrer"', () => {
    const host = renderInto('[site](https://example.com/a?b=1) and [mail](mailto:me@example.com) and https://daybook.example');
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', 'mailto:me@example.com', 'https://daybook.example']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('renders the toolbar formats', () => {
    const host = renderInto('**b** *i* `c`\n\n## H\n\n- one');
    expect(host.querySelector('strong')?.textContent).toBe('b');
    expect(host.querySelector('em')?.textContent).toBe('i');
    expect(host.querySelector('code')?.textContent).toBe('c');
    expect(host.querySelector('h2')?.textContent).toBe('H');
    expect(host.querySelector('li')?.textContent).toBe('one');
  });

  it('isSafeUrl accepts relative urls and refuses other schemes', () => {
    expect(isSafeUrl('/notes')).toBe(true);
    expect(isSafeUrl('#top')).toBe(true);
    expect(isSafeUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeUrl(' javascript:alert(1)')).toBe(false);
  });
});
