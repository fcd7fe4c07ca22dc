import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInWithToken } from '../support/accounts';
import { useE2E } from '../support/harness';
import { MOBILE } from '../support/browser';
import { makePng } from '../support/media-files';
import { call, createPlaylist, createScreen, customerWithPackage, uploadPng } from './player-fixtures';

const e2e = useE2E();

/**
 * Records every Content-Security-Policy violation of the pages the context opens: the
 * `securitypolicyviolation` events of each document, and the browser's own console reports.
 */
async function watchCsp(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  const consoleReports: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) consoleReports.push(m.text());
  });
  return async () => {
    // Violation events are queued as tasks: one more task lets any pending one arrive first.
    const events = await page.evaluate(() => new Promise<string[]>((r) => setTimeout(() => r((window as unknown as { __csp: string[] }).__csp), 0)));
    return [...events, ...consoleReports];
  };
}

/**
 * Whether any script the page has loaded so far holds zod. zod's core names its classes with
 * strings that survive minification: '$ZodType' is zod's own; 'ZodError' is not proof, as the
 * form library's resolver names it to recognise errors.
 */
function watchZod(page: Page): () => Promise<boolean> {
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => {
    // A script of a page navigated away from (the sign-in's first page) has no body left to read.
    if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(r.text().catch(() => ''));
  });
  return async () => {
    expect(scripts.length).toBeGreaterThan(0);
    return (await Promise.all(scripts)).some((body) => body.includes('$ZodType'));
  };
}

describe('pages under the Content-Security-Policy', () => {
  it('/settings validates and saves the display settings with the contract schema without a CSP violation', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const { page, context, errors } = await e2e.newPage();
    const violations = await watchCsp(context, page);
    await signInWithToken(page, c.token, '/settings');
    await page.getByLabel('Bant yüksekliği (px)').fill('64');
    await page.getByRole('button', { name: 'Ayarları Kaydet' }).click();
    await page.getByText('Görüntü ayarları kaydedildi').waitFor();
    expect(await call(c.baseUrl, c.token, '/api/settings')).toMatchObject({ barHeight: 64 });
    // The form's own check (the same zod schema) still rejects, in Turkish, without the server.
    await page.getByLabel('Bant yüksekliği (px)').fill('500');
    await page.getByRole('button', { name: 'Ayarları Kaydet' }).click();
    await page.getByText('Bant yüksekliği en fazla 300 px olabilir').waitFor();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the screen player (/player/) starts without a CSP violation', async () => {
    const { page, context, errors } = await e2e.newPage();
    const violations = await watchCsp(context, page);
    await page.goto('/player/');
    await page.getByRole('heading', { name: 'Ekran Eşleştirme' }).waitFor();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the screen player reading its first answer', () => {
  it('asks for its schemas (and zod) beside its first call, not after the answer', async () => {
    const c = await customerWithPackage(e2e.server.url);
    await createScreen(c, 'Giriş Ekranı');
    const { page, context, errors } = await e2e.newPage();
    // Its first load holds no zod (initial-javascript.test.ts); every answer is parsed before it
    // is used, so the chunk with the schemas must travel with the first call. The pairing's
    // answer waits here until that chunk has arrived: fetched only after it, it never would.
    let schemasArrived!: () => void;
    const arrived = new Promise<void>((r) => (schemasArrived = r));
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname.endsWith('.js') && (await r.text().catch(() => '')).includes('$ZodType')) schemasArrived();
    });
    await context.route('**/api/devices/pair', async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/player/');
    await page.getByLabel('Mobil kod').fill(c.mobileCode);
    await page.getByRole('button', { name: 'Eşleştir' }).click();
    await page.getByRole('button', { name: 'Giriş Ekranı' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('layout stability', () => {
  /**
   * The layout shifts (those not caused by input) of opening `path` on a phone when the answer
   * matching `late` comes only after the one matching `first` has arrived and been drawn.
   */
  async function shiftsWithLateAnswer(token: string, path: string, first: string, late: string, ready: (page: Page) => Promise<void>) {
    const { page, context, errors } = await e2e.newPage(MOBILE);
    await context.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await context.route(late, async (route) => {
      await held;
      await route.continue();
    });
    const firstAnswered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(first));
    await signInWithToken(page, token, path);
    await firstAnswered;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    release();
    await ready(page);
    const shifts = await page.evaluate(() => new Promise<number[]>((r) => requestAnimationFrame(() => r((window as unknown as { __shifts: number[] }).__shifts))));
    expect(errors).toEqual([]);
    return shifts;
  }
  const total = (shifts: number[]) => shifts.reduce((a, v) => a + v, 0);

  it('/playlists does not push the playlist cards down when the media list arrives after them', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const image = await uploadPng(c, 'lobi', [37, 99, 235]);
    for (const name of ['Sabah', 'Akşam']) await createPlaylist(c, name, [{ media: image, duration: 5 }]);
    const shifts = await shiftsWithLateAnswer(c.token, '/playlists', '/api/playlists', '**/api/media', async (page) => {
      await page.getByText('Akşam').waitFor();
      await page.getByRole('button', { name: 'Playlist Oluştur' }).waitFor();
    });
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.05);
  });

  it('/settings does not push the display settings down when the package arrives after them', async () => {
    const c = await customerWithPackage(e2e.server.url);
    const shifts = await shiftsWithLateAnswer(c.token, '/settings', '/api/settings', '**/api/purchase/my-package/**', async (page) => {
      await page.getByTestId('package-info').waitFor();
      await page.getByRole('button', { name: 'Ayarları Kaydet' }).waitFor();
    });
    expect(total(shifts), JSON.stringify(shifts)).toBeLessThan(0.05);
  });
});

describe('/media on a first load', () => {
  it('asks for the media list while the session check is still out, and shows thumbnails, not the originals', async () => {
    const c = await customerWithPackage(e2e.server.url);
    await uploadPng(c, 'lobi', [37, 99, 235]);
    const { page, context, errors } = await e2e.newPage(MOBILE);
    // The token check gets no answer until the list has been asked for: before, the list was
    // asked for only after the check (and the first render behind it), and this waited forever.
    let listAsked!: () => void;
    const asked = new Promise<void>((r) => (listAsked = r));
    await context.route('**/api/media', async (route) => {
      listAsked();
      await route.continue();
    });
    await context.route('**/api/auth/verify', async (route) => {
      await asked;
      await route.continue();
    });
    const images: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image') images.push(new URL(r.url()).pathname);
    });
    await signInWithToken(page, c.token, '/media');
    const card = page.getByTestId('media-card').first();
    await card.waitFor({ timeout: 8_000 });
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.media-card img')).every((i) => i.complete && i.naturalWidth > 0));
    const uploads = images.filter((p) => p.startsWith('/uploads/'));
    expect(uploads.length).toBeGreaterThan(0);
    expect(uploads.every((p) => p.startsWith('/uploads/thumbs/')), uploads.join(', ')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the thumbnails with zod asked for beside the session check, and the upload form checks in Turkish', async () => {
    const c = await customerWithPackage(e2e.server.url);
    await uploadPng(c, 'lobi', [37, 99, 235]);
    const { page, context, errors } = await e2e.newPage(MOBILE);
    const zodLoaded = watchZod(page);
    // The session check's answer is parsed with its contract schema, so zod comes with every
    // signed-in first load; it must be asked for with the check, not after its answer
    // (docs/PERFORMANCE.md#contract-chunks). The check's answer waits here until zod has
    // arrived: a schema loaded only after the answer would make this wait forever.
    let zodArrived!: () => void;
    const arrived = new Promise<void>((r) => (zodArrived = r));
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname.endsWith('.js') && (await r.text().catch(() => '')).includes('$ZodType')) zodArrived();
    });
    await context.route('**/api/auth/verify', async (route) => {
      await arrived;
      await route.continue();
    });
    await signInWithToken(page, c.token, '/media');
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.media-card img')).some((i) => i.complete && i.naturalWidth > 0));
    await page.waitForLoadState('networkidle');
    expect(await zodLoaded()).toBe(true);
    // The form still checks with the contract's schema: a blank name is refused in Turkish.
    await page.getByLabel('Medya Adı').fill('   ');
    await page.locator('#media-file').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByRole('button', { name: 'Yükle', exact: true }).click();
    const refused = page.getByRole('alertdialog');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Lütfen bir dosya seçin ve medya adı girin');
    expect(await zodLoaded()).toBe(true);
    expect(await call<unknown[]>(c.baseUrl, c.token, '/api/media')).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('what the server sends for the first load', () => {
  it("sends the dashboard's and the player's scripts compressed", async () => {
    for (const page of ['/', '/player/']) {
      const index = await fetch(`${e2e.server.url}${page}`);
      expect(index.headers.get('cache-control'), page).toBe('no-cache');
      const html = await index.text();
      const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      expect(entry, page).toBeDefined();
      for (const encoding of ['gzip', 'br']) {
        const res = await fetch(`${e2e.server.url}${entry}`, { headers: { 'accept-encoding': encoding } });
        expect([entry, res.status, res.headers.get('content-encoding')]).toEqual([entry, 200, encoding]);
        expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
        // Written by the build (scripts/precompress.mjs): a file with a length, not a stream.
        expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        // fetch decompresses: the script arrives whole.
        expect((await res.text()).length).toBeGreaterThan(50_000);
      }
    }
  });


  /** Longest matching rule wins, Allow on a tie (RFC 9309); `$` anchors the end. */
  const allowed = (robots: string, urlPath: string) => {
    const rules = robots.split('\n').map((l) => /^(Allow|Disallow):\s*(\S*)/i.exec(l.trim())).filter((m) => m !== null)
      .map((m) => ({ allow: m[1]!.toLowerCase() === 'allow', path: m[2]! }));
    const matches = rules.filter((r) => r.path !== '' && (r.path.endsWith('$') ? urlPath === r.path.slice(0, -1) : urlPath.startsWith(r.path)));
    matches.sort((a, b) => b.path.length - a.path.length || Number(b.allow) - Number(a.allow));
    return matches[0]?.allow ?? true;
  };

  it('robots.txt lets crawlers read the landing page but not the dashboard, the API, uploads or the player', async () => {
    const res = await fetch(`${e2e.server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const robots = await res.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    for (const p of ['/', '/login', '/register', '/assets/index.js', '/favicon.svg']) expect([p, allowed(robots, p)]).toEqual([p, true]);
    for (const p of ['/dashboard', '/media', '/playlists', '/direction', '/screens', '/assignment', '/schedule', '/settings', '/packages', '/purchase/x',
      '/preview/x', '/admin/sales', '/register-admin', '/api/auth/login', '/uploads/a.png', '/player/', '/socket.io/']) {
      expect([p, allowed(robots, p)]).toEqual([p, false]);
    }
  });

  it('every page names the SVG favicon and carries a description; the favicon is served as SVG', async () => {
    const html = await (await fetch(`${e2e.server.url}/media`)).text();
    expect(html).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg"/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,160}"/);
    const icon = await fetch(`${e2e.server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});

describe('/login', () => {
  it('runs zod only once the form is used, and still checks the fields in Turkish', async () => {
    const { page, errors } = await e2e.newPage();
    const zodLoaded = watchZod(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Giriş Yap' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The page itself builds no schema: its start is the shorter for it (docs/PERFORMANCE.md#contract-chunks).
    expect(await zodLoaded()).toBe(false);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByText('E-posta zorunludur').waitFor();
    await page.getByText('Şifre zorunludur').waitFor();
    expect(await zodLoaded()).toBe(true);
    expect(errors).toEqual([]);
  });
});
