// Stored-XSS journey support: hostile strings, one seeded user that carries them everywhere the api takes
// text, and the checks run on every screen (nothing executed, nothing dangerous in the DOM).
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const CSRF = { 'x-daybook-csrf': '1' };

export interface Payload {
  id: string;
  value: string;
}

/** What a payload does when it runs: records its own id, so a failure names the payload. */
const flag = (id: string) => `window.__xss='${id}'`;
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * Stored anywhere the api takes text (task titles and descriptions, document links, client and contact
 * names, note page titles, note contents). Each sets `window.__xss` (or opens an alert) if it ever runs.
 * Link-like ones use the text "clickme" so the notes check can click whatever got rendered.
 */
export const PAYLOADS: readonly Payload[] = [
  // Raw HTML that runs on insertion.
  { id: 'script-tag', value: `<script>${flag('script-tag')}</script>` },
  { id: 'img-onerror', value: `<img src=x onerror="${flag('img-onerror')}">` },
  { id: 'img-unclosed', value: `<img src=x onerror=${flag('img-unclosed')}//` },
  { id: 'svg-onload', value: `<svg onload="${flag('svg-onload')}"></svg>` },
  { id: 'svg-script', value: `<svg><script>${flag('svg-script')}</script></svg>` },
  { id: 'svg-animate', value: `<svg><animate onbegin="${flag('svg-animate')}" attributeName="x" dur="1s"/></svg>` },
  { id: 'svg-xlink', value: `<svg><a xlink:href="javascript:${flag('svg-xlink')}"><text x="20" y="20">clickme</text></a></svg>` },
  { id: 'iframe-srcdoc', value: `<iframe srcdoc="<script>parent.__xss='iframe-srcdoc'</script>"></iframe>` },
  { id: 'iframe-javascript', value: `<iframe src="javascript:parent.__xss='iframe-javascript'"></iframe>` },
  { id: 'details-ontoggle', value: `<details open ontoggle="${flag('details-ontoggle')}">x</details>` },
  { id: 'input-onfocus', value: `<input autofocus onfocus="${flag('input-onfocus')}">` },
  { id: 'object-data', value: `<object data="javascript:${flag('object-data')}"></object>` },
  { id: 'embed-data', value: `<embed src="data:text/html;base64,${base64("<script>parent.__xss='embed-data'</script>")}">` },
  { id: 'meta-refresh', value: `<meta http-equiv="refresh" content="0;url=javascript:${flag('meta-refresh')}">` },
  { id: 'base-href', value: `<base href="javascript:${flag('base-href')}//">` },
  { id: 'style-expression', value: `<div style="width:expression(alert('style-expression'));background:url('javascript:alert(1)')">x</div>` },
  { id: 'style-import', value: `<style>@import 'javascript:alert("style-import")';</style>` },
  // Raw HTML that runs on a click.
  { id: 'a-javascript', value: `<a href="javascript:${flag('a-javascript')}">clickme</a>` },
  { id: 'a-entity-javascript', value: `<a href="&#106;avascript:alert('a-entity-javascript')">clickme</a>` },
  { id: 'form-action', value: `<form action="javascript:${flag('form-action')}"><button>clickme</button></form>` },
  // Breaking out of an attribute, a text area, the document title; mutation XSS.
  { id: 'attr-breakout', value: `"><img src=x onerror=${flag('attr-breakout')}>` },
  { id: 'textarea-breakout', value: `</textarea><script>${flag('textarea-breakout')}</script>` },
  { id: 'title-breakout', value: `</title><svg/onload=${flag('title-breakout')}>` },
  { id: 'mxss-math', value: `<math><mtext><table><mglyph><style><img src=x onerror="${flag('mxss-math')}">` },
  { id: 'mxss-noscript', value: `<noscript><p title="</noscript><img src=x onerror=${flag('mxss-noscript')}>">` },
  // Template injection look-alikes (Angular/Vue/handlebars, JS template literals, ERB).
  { id: 'template-constructor', value: `{{constructor.constructor('${flag('template-constructor')}')()}}` },
  { id: 'template-literal', value: "${alert('template-literal')}" },
  { id: 'template-erb', value: `<%= alert('template-erb') %>` },
  // Bare hostile urls (as a title they are text; as a document link they must not become a link).
  { id: 'bare-javascript', value: `javascript:${flag('bare-javascript')}` },
  { id: 'bare-javascript-case', value: `JaVaScRiPt:${flag('bare-javascript-case')}` },
  { id: 'bare-data-html', value: `data:text/html,<script>${flag('bare-data-html')}</script>` },
  // Markdown tricks (notes render markdown).
  { id: 'md-link', value: `[clickme](javascript:${flag('md-link')})` },
  { id: 'md-image', value: `![clickme](javascript:${flag('md-image')})` },
  { id: 'md-mixed-case', value: `[clickme](JaVaScRiPt:${flag('md-mixed-case')})` },
  { id: 'md-angle-destination', value: `[clickme](<javascript:${flag('md-angle-destination')}>)` },
  { id: 'md-decimal-entity', value: `[clickme](&#106;avascript:${flag('md-decimal-entity')})` },
  { id: 'md-hex-entity', value: `[clickme](&#x6A;&#x61;&#x76;&#x61;script&#x3A;${flag('md-hex-entity')})` },
  { id: 'md-named-entity', value: `[clickme](javascript&colon;${flag('md-named-entity')})` },
  { id: 'md-entity-tab', value: `[clickme](java&#9;script:${flag('md-entity-tab')})` },
  { id: 'md-reference', value: `[clickme][evil]\n\n[evil]: javascript:${flag('md-reference')}` },
  { id: 'md-autolink', value: `<javascript:${flag('md-autolink')}>` },
  { id: 'md-linkify', value: `javascript://%0A${flag('md-linkify')}` },
  { id: 'md-data-link', value: `[clickme](data:text/html;base64,${base64("<script>parent.__xss='md-data-link'</script>")})` },
  { id: 'md-vbscript', value: `[clickme](vbscript:msgbox("md-vbscript"))` },
  { id: 'md-image-title', value: `![clickme](/xss-missing.png "&quot; onerror=&quot;${flag('md-image-title')}")` },
  { id: 'md-link-quote', value: `[clickme](https://example.invalid/"onmouseover="${flag('md-link-quote')}")` },
  { id: 'md-raw-html-block', value: `<div>\n<img src=x onerror="${flag('md-raw-html-block')}">\n</div>` },
  { id: 'md-code-span', value: `\`</code><img src=x onerror=${flag('md-code-span')}>\`` },
];

/** Document links (up to 20 a task): hostile schemes, disguised. None may become a clickable link. */
export const LINK_PAYLOADS: readonly Payload[] = [
  { id: 'link-javascript', value: `javascript:${flag('link-javascript')}` },
  { id: 'link-mixed-case', value: `JaVaScRiPt:${flag('link-mixed-case')}` },
  { id: 'link-tab', value: `java\tscript:${flag('link-tab')}` },
  { id: 'link-newline', value: `java\nscript:${flag('link-newline')}` },
  { id: 'link-control-char', value: `\u0001javascript:${flag('link-control-char')}` },
  { id: 'link-entity', value: `&#106;avascript:${flag('link-entity')}` },
  { id: 'link-data-html', value: `data:text/html;base64,${base64("<script>alert('link-data-html')</script>")}` },
  { id: 'link-vbscript', value: 'vbscript:msgbox("link-vbscript")' },
  { id: 'link-protocol-relative', value: `//javascript:${flag('link-protocol-relative')}` },
  { id: 'link-quote-breakout', value: `https://example.invalid/"><img src=x onerror=${flag('link-quote-breakout')}>` },
];

/** Shown as plain text on task cards, in lists and dialogs: the check that the screen really shows payloads. */
export const SHOWCASE = PAYLOADS.find((p) => p.id === 'img-onerror')!.value;
/** A word every hostile note carries, for the notes search. */
export const NOTE_MARK = 'zqxssmark';
export const NOTES_PAGE = 'Hostile notes';

export interface Seeded {
  username: string;
  password: string;
  storageState: Awaited<ReturnType<APIRequestContext['storageState']>>;
  /** Payload strings the api refused (too long for the field), per field. */
  refused: Record<string, string[]>;
  clientNames: string[];
  contactNames: string[];
}

export interface SeedDays {
  /** The dashboard's day (Monday in weekend mode). */
  day: string;
  yesterday: string;
}

/** Runs `work` on every item, a few at a time (the api is on a 2-core machine with other journeys). */
async function inBatches<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>, size = 6): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

async function call<T>(request: APIRequestContext, method: 'post' | 'patch' | 'put', url: string, data: unknown, expected = [200, 201]): Promise<{ status: number; body: T }> {
  const response = await request[method](url, { data, headers: CSRF });
  const status = response.status();
  expect(expected, `${method.toUpperCase()} ${url} ${JSON.stringify(data).slice(0, 120)} → ${status} ${status >= 400 ? await response.text() : ''}`).toContain(status);
  return { status, body: (status === 204 || status >= 400 ? undefined : await response.json()) as T };
}

/**
 * Registers a user whose username and names are payloads, turns delegation on and stores every payload
 * in every field that takes text. Validation that refuses a payload (length, colour, username rules,
 * e-mail) must answer 400; the refusals are recorded.
 */
export async function seedHostileUser(request: APIRequestContext, days: SeedDays): Promise<Seeded> {
  const refused: Record<string, string[]> = {};
  const refuse = (field: string, value: string) => (refused[field] ??= []).push(value);

  // Usernames may not contain spaces: a payload with one is refused, one without is accepted.
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await call(request, 'post', '/api/register', { username: `<img src=x onerror=${flag('username')}>`, password }, [400]);
  await call(request, 'post', '/api/register', { username: `u${randomBytes(4).toString('hex')}`, password, email: `"><img src=x onerror=${flag('email')}>@example.com` }, [400]);
  const username = `<svg/onload=${flag('username')}>${randomBytes(4).toString('hex')}`;
  await call(request, 'post', '/api/register', {
    username,
    password,
    firstName: `<img src=x onerror="${flag('first-name')}">`,
    lastName: `"><script>${flag('last-name')}</script>`,
  });
  await call(request, 'post', '/api/login', { username, password });
  await call(request, 'patch', '/api/auth/user/settings', { enableDelegation: true });

  // Clients and delegation contacts: names up to 100 characters; a colour must be #rrggbb.
  await call(request, 'post', '/api/clients', { name: 'Hostile colour', color: `red;background:url("javascript:${flag('client-colour')}")` }, [400]);
  const clients: Array<{ id: string; name: string }> = [];
  const contacts: Array<{ id: string; name: string }> = [];
  await inBatches(PAYLOADS, async (payload) => {
    const fits = payload.value.trim().length <= 100;
    const client = await call<{ id: string; name: string }>(request, 'post', '/api/clients', { name: payload.value }, fits ? [201] : [400]);
    const contact = await call<{ id: string; name: string }>(request, 'post', '/api/delegation-contacts', { name: payload.value }, fits ? [201] : [400]);
    if (fits) {
      clients.push(client.body);
      contacts.push(contact.body);
    } else {
      refuse('client name', payload.value);
      refuse('contact name', payload.value);
    }
  });
  expect(clients.length, 'clients created from payloads').toBeGreaterThanOrEqual(20);

  // Tasks: every payload as a title, the next one as its description, itself as a document link, a
  // payload-named client, on the dashboard's day (Today, Active, Calendar, Kanban in three columns,
  // Daily Review); again in the Backlog, as delegated to a payload-named contact, and archived.
  const statuses = ['todo', 'in_progress', 'review'] as const;
  const next = (index: number) => PAYLOADS[(index + 1) % PAYLOADS.length]!.value;
  const main = await inBatches(PAYLOADS, (payload, index) =>
    call<{ id: string }>(request, 'post', '/api/tasks', {
      title: payload.value,
      description: next(index),
      clientId: clients[index % clients.length]!.id,
      documentLinks: [payload.value],
      status: statuses[index % statuses.length],
      dueDate: days.day,
      estimatedTime: payload.value.length <= 50 ? payload.value : null,
      priority: 'high',
    }),
  );
  await call(request, 'post', '/api/tasks', {
    title: `Links ${SHOWCASE}`,
    description: LINK_PAYLOADS.map((p) => p.value).join('\n'),
    documentLinks: [...LINK_PAYLOADS.map((p) => p.value), 'https://example.invalid/safe'],
    dueDate: days.day,
    priority: 'urgent',
  });
  await inBatches(PAYLOADS, (payload, index) => call(request, 'post', '/api/tasks', { title: payload.value, description: next(index), isBacklog: true, clientId: clients[index % clients.length]!.id }));
  await inBatches(PAYLOADS, (payload, index) =>
    call(request, 'post', '/api/tasks', {
      title: payload.value,
      isDelegated: true,
      delegatedToId: contacts[index % contacts.length]!.id,
      delegationNotes: next(index),
      documentLinks: [payload.value],
    }),
  );
  await inBatches(PAYLOADS, async (payload, index) => {
    const task = await call<{ id: string }>(request, 'post', '/api/tasks', { title: payload.value, description: next(index), clientId: clients[index % clients.length]!.id });
    await call(request, 'patch', `/api/tasks/${task.body.id}/archive`, {});
  });
  // Overdue (the banner and the review dialog), the top 3 (priorities), and today already reviewed so the
  // review does not open by itself in the middle of a check.
  await inBatches(PAYLOADS.slice(0, 3), (payload) => call(request, 'post', '/api/tasks', { title: payload.value, dueDate: days.yesterday }));
  await call(request, 'put', '/api/daily-plan', { priorityTaskIds: main.slice(0, 3).map((t) => t.body.id) });
  await call(request, 'post', '/api/daily-plan/reviewed', {});

  // Notes: a plain page holding every payload as a note (markdown), with a payload-titled sub-page; and a
  // top-level page titled with each payload.
  const notesPage = await call<{ id: string }>(request, 'post', '/api/note-lists', { title: NOTES_PAGE, clientId: clients[1]!.id });
  await call(request, 'post', '/api/note-lists', { title: SHOWCASE, parentPageId: notesPage.body.id });
  await inBatches(PAYLOADS, (payload, index) =>
    call(request, 'post', `/api/note-lists/${notesPage.body.id}/items`, { content: `${NOTE_MARK} ${payload.id}\n\n${payload.value}`, sortOrder: index, clientId: clients[index % clients.length]!.id }),
  );
  await call(request, 'post', `/api/note-lists/${notesPage.body.id}/items`, { content: `${NOTE_MARK} control: [a safe link](https://example.invalid/safe) and https://example.invalid/linkified`, sortOrder: PAYLOADS.length });
  await inBatches(PAYLOADS, (payload) => call(request, 'post', '/api/note-lists', { title: payload.value }));

  return {
    username,
    password,
    storageState: await request.storageState(),
    refused,
    clientNames: clients.map((c) => c.name),
    contactNames: contacts.map((c) => c.name),
  };
}

/** Records what a payload could do to the page: dialogs (alert/confirm/prompt) and popups. */
export function watchPage(page: Page) {
  const dialogs: string[] = [];
  const popups: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.context().on('page', (popup) => popups.push(popup.url()));
  return { dialogs, popups };
}

/**
 * Everything in the DOM that could run script: event-handler attributes, script-capable urls, frames,
 * objects, stray scripts, <base>, meta refresh, CSS expressions. Empty when the screen is clean.
 */
function auditDom(): string[] {
  const problems: string[] = [];
  const describe = (el: Element) => el.outerHTML.slice(0, 160);
  const navigable = (value: string, allowDataImage: boolean) => {
    const cleaned = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
    let url: URL;
    try {
      url = new URL(cleaned, document.baseURI);
    } catch {
      return true; // a browser does not navigate to what it cannot parse
    }
    if (['http:', 'https:', 'mailto:', 'blob:'].includes(url.protocol)) return true;
    return allowDataImage && /^data:image\/(?:png|gif|jpe?g|webp);/i.test(cleaned);
  };
  const urlAttributes = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'poster', 'background', 'srcset', 'ping'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`event handler ${name}: ${describe(el)}`);
      if (name === 'srcdoc') problems.push(`srcdoc: ${describe(el)}`);
      if (urlAttributes.includes(name) && !navigable(attr.value, name === 'src' || tag === 'link')) problems.push(`${name}=${attr.value.slice(0, 80)}: ${describe(el)}`);
      if (name === 'style' && /expression\s*\(|javascript:/i.test(attr.value)) problems.push(`style: ${describe(el)}`);
    }
    if (['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'portal'].includes(tag)) problems.push(`<${tag}>: ${describe(el)}`);
    if (tag === 'meta' && el.getAttribute('http-equiv')?.toLowerCase() === 'refresh') problems.push(`meta refresh: ${describe(el)}`);
    if (tag === 'script') {
      const src = (el as HTMLScriptElement).src;
      if (!src || new URL(src).origin !== location.origin) problems.push(`script: ${describe(el)}`);
    }
    if (tag === 'style' && /expression\s*\(|javascript:|@import/i.test(el.textContent ?? '')) problems.push(`style sheet: ${describe(el)}`);
    if (el.namespaceURI === 'http://www.w3.org/1998/Math/MathML') problems.push(`MathML: ${describe(el)}`);
    if (['animate', 'set', 'foreignobject', 'handler'].includes(tag)) problems.push(`svg <${tag}>: ${describe(el)}`);
  }
  return problems;
}

/**
 * The screen is clean: no payload ran (no `window.__xss`, no dialog, no popup, still on the same page)
 * and the DOM holds nothing that could run one later (see auditDom).
 */
export async function expectClean(page: Page, watch: ReturnType<typeof watchPage>, screen: string) {
  const url = page.url();
  // Let failed image loads and focus/toggle events fire.
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${screen}: a payload set window.__xss`).toBeUndefined();
  expect(await page.evaluate(auditDom), `${screen}: dangerous markup in the DOM`).toEqual([]);
  expect(watch.dialogs, `${screen}: alert/confirm/prompt opened`).toEqual([]);
  expect(watch.popups, `${screen}: a window opened`).toEqual([]);
  expect(page.url(), `${screen}: navigated away`).toBe(url);
}
