import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TPlaysReport } from '@pano/contract';
import { useSession } from '../../stores/session-store';
import { apiServer } from '../../testing/api-server';
import { ReportsPage } from './reports-page';
import { NOW, emptyReport, groups, id, media, report, screens } from './reports-test-data';

type Call = { url: string; auth: string | undefined };
type ReportAnswer = TPlaysReport | ((url: URL) => Response);

const REPORT = '/api/reports/plays';

beforeEach(() => localStorage.setItem('token', 'oturum'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  useSession.setState({ status: 'anonymous', user: null });
});

/** The server as the fake API: the three lists, and the report (or a function of its URL); every request recorded. */
function open(answer: ReportAnswer = report()) {
  const calls: Call[] = [];
  apiServer.use(
    http.all('/api/*', ({ request }) => {
      const u = new URL(request.url);
      calls.push({ url: `${u.pathname}${u.search}`, auth: request.headers.get('Authorization') ?? undefined });
    }),
    http.get(REPORT, ({ request }) => (typeof answer === 'function' ? answer(new URL(request.url)) : HttpResponse.json(answer))),
    http.get('/api/screens', () => HttpResponse.json(screens)),
    http.get('/api/screen-groups', () => HttpResponse.json(groups)),
    http.get('/api/media', () => HttpResponse.json(media)),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}><ReportsPage now={NOW} /></QueryClientProvider>);
  const reportCalls = () => calls.filter((c) => c.url.startsWith(REPORT));
  return { calls, reportCalls, lastReport: () => reportCalls().at(-1)?.url };
}

const rowTexts = () => screen.getAllByTestId('report-row').map((r) => [...r.children].map((c) => c.textContent));

describe('ReportsPage filters', { timeout: 15_000 }, () => {
  it('asks for the last 7 days by media at first, with the token, and names the tab', async () => {
    const { lastReport, reportCalls } = open();
    await screen.findAllByTestId('report-row');
    expect(lastReport()).toBe(`${REPORT}?from=2026-11-18&to=2026-11-24&by=media`);
    expect(reportCalls()[0]?.auth).toBe('Bearer oturum');
    expect(screen.getByRole('heading', { level: 1, name: 'Raporlar' })).toBeTruthy();
    expect(document.title).toBe('Raporlar · Pano');
    expect(screen.getByRole('button', { name: 'Son 7 gün' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Son 30 gün' }).getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByLabelText('Başlangıç') as HTMLInputElement).value).toBe('18.11.2026');
    expect((screen.getByLabelText('Bitiş') as HTMLInputElement).value).toBe('24.11.2026');
  });

  it('turns presets, selects and grouping into the query string', async () => {
    const { lastReport } = open();
    await screen.findAllByTestId('report-row');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Son 30 gün' }));
    await waitFor(() => expect(lastReport()).toBe(`${REPORT}?from=2026-10-26&to=2026-11-24&by=media`));
    expect(screen.getByRole('button', { name: 'Son 30 gün' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Bu ay' }));
    await waitFor(() => expect(lastReport()).toBe(`${REPORT}?from=2026-11-01&to=2026-11-24&by=media`));

    await user.selectOptions(screen.getByLabelText('Ekran'), 'Kasa');
    await user.selectOptions(screen.getByLabelText('Ekran grubu'), 'Kafeterya');
    await user.selectOptions(screen.getByLabelText('Medya'), 'Menü');
    await user.selectOptions(screen.getByLabelText('Gruplama'), 'Saat');
    await waitFor(() => expect(lastReport())
      .toBe(`${REPORT}?from=2026-11-01&to=2026-11-24&screen=${id(31)}&group=${id(21)}&media=${id(2)}&by=hour`));

    // Back to every screen: the parameter goes away rather than being sent empty.
    await user.selectOptions(screen.getByLabelText('Ekran'), 'Tüm ekranlar');
    await waitFor(() => expect(lastReport())
      .toBe(`${REPORT}?from=2026-11-01&to=2026-11-24&group=${id(21)}&media=${id(2)}&by=hour`));
  });

  it("days are typed day-first 'GG.AA.YYYY': an ISO or impossible day is refused in Turkish and asks nothing", async () => {
    const { lastReport, reportCalls } = open();
    await screen.findAllByTestId('report-row');
    for (const label of ['Başlangıç', 'Bitiş']) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect([input.type, input.placeholder, input.inputMode]).toEqual(['text', 'GG.AA.YYYY', 'numeric']);
    }
    const before = reportCalls().length;
    fireEvent.change(screen.getByLabelText('Başlangıç'), { target: { value: '2026-11-10' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Tarihi GG.AA.YYYY biçiminde girin');
    expect((screen.getByLabelText('Başlangıç') as HTMLInputElement).value).toBe('2026-11-10');
    fireEvent.change(screen.getByLabelText('Başlangıç'), { target: { value: '31.02.2026' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Böyle bir tarih yok');
    expect(screen.getByLabelText('Başlangıç').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('report-result')).toBeNull();
    expect(reportCalls().length).toBe(before);

    // A preset replaces what was typed.
    await userEvent.click(screen.getByRole('button', { name: 'Son 30 gün' }));
    await waitFor(() => expect(lastReport()).toBe(`${REPORT}?from=2026-10-26&to=2026-11-24&by=media`));
    expect((screen.getByLabelText('Başlangıç') as HTMLInputElement).value).toBe('26.10.2026');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes typed days, and asks nothing while the end is before the start', async () => {
    const { lastReport, reportCalls } = open();
    await screen.findAllByTestId('report-row');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Başlangıç'));
    await user.type(screen.getByLabelText('Başlangıç'), '10.11.2026');
    await waitFor(() => expect(lastReport()).toBe(`${REPORT}?from=2026-11-10&to=2026-11-24&by=media`));
    expect(screen.getByRole('button', { name: 'Son 7 gün' }).getAttribute('aria-pressed')).toBe('false');

    const before = reportCalls().length;
    fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '01.11.2026' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Bitiş tarihi başlangıç tarihinden önce olamaz');
    expect(screen.getByLabelText('Bitiş').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'CSV İndir' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('report-result')).toBeNull();
    expect(reportCalls().length).toBe(before);
  });
});

describe('ReportsPage layout zones', { timeout: 15_000 }, () => {
  it('offers no zone filter while every play was full screen', async () => {
    open(report({ zones: [] }));
    await screen.findAllByTestId('report-row');
    expect(screen.queryByLabelText('Bölge')).toBeNull();
  });

  it("offers the zones the report lists, sends the chosen one, and keeps it offered when a period lists none", async () => {
    // Zones in November only: 'Bu ay' from the 1st lists them, a period in October does not.
    const { lastReport } = open((u) => Response.json(report({ zones: u.searchParams.get('from')! >= '2026-11-01' ? ['Ana', 'Sağ & alt'] : [] })));
    const zone = await screen.findByLabelText('Bölge') as HTMLSelectElement;
    expect([...zone.options].map((o) => o.textContent)).toEqual(['Tüm bölgeler', 'Ana', 'Sağ & alt']);
    const user = userEvent.setup();
    await user.selectOptions(zone, 'Sağ & alt');
    await waitFor(() => expect(lastReport()).toBe(`${REPORT}?from=2026-11-18&to=2026-11-24&zone=Sa%C4%9F+%26+alt&by=media`));

    await user.click(screen.getByRole('button', { name: 'Son 30 gün' }));
    await waitFor(() => expect(lastReport()).toBe(`${REPORT}?from=2026-10-26&to=2026-11-24&zone=Sa%C4%9F+%26+alt&by=media`));
    await waitFor(() => expect([...(screen.getByLabelText('Bölge') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'Sağ & alt']));
    // Back to every zone: the parameter goes away, and with no zones listed, so does the filter.
    await user.selectOptions(screen.getByLabelText('Bölge'), 'Tüm bölgeler');
    await waitFor(() => expect(lastReport()).toBe(`${REPORT}?from=2026-10-26&to=2026-11-24&by=media`));
    await waitFor(() => expect(screen.queryByLabelText('Bölge')).toBeNull());
  });
});

describe('ReportsPage results', { timeout: 15_000 }, () => {
  it('shows each row with plays, Turkish airtime and share, and the total', async () => {
    open();
    await screen.findAllByTestId('report-row');
    expect(rowTexts()).toEqual([
      ['Kampanya Videosu', '1.200', '3 sa 20 dk', '%75'],
      ['Menü', '300', '1 sa 6 dk 40 sn', '%25'],
    ]);
    const total = screen.getByTestId('report-total');
    expect([...total.children].map((c) => c.textContent)).toEqual(['Toplam', '1.500', '4 sa 26 dk 40 sn', '%100']);
    expect(screen.getByTestId('report-summary').textContent).toBe('1.500 oynatma · 4 sa 26 dk 40 sn yayın süresi');
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent))
      .toEqual(['Ad', 'Oynatma', 'Süre', 'Yayın payı']);
    // The chart: one bar per row, hidden from screen readers, whose caption sends them to the table.
    expect(screen.getAllByTestId('chart-bar')).toHaveLength(2);
    const figure = screen.getByRole('figure');
    expect(figure.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(figure.getAttribute('aria-labelledby')!)?.textContent)
      .toBe('Medya bazında oynatma grafiği; değerler aşağıdaki tabloda.');
  });

  it('draws bars by airtime when asked', async () => {
    open(report({ rows: [
      { key: id(1), name: 'Kısa ama sık', plays: 900, seconds: 900 },
      { key: id(2), name: 'Uzun', plays: 10, seconds: 3600 },
    ], total: { plays: 910, seconds: 4500 } }));
    await screen.findAllByTestId('chart-bar');
    const names = () => screen.getAllByTestId('chart-bar').map((b) => b.querySelector('.report-bar-name')?.textContent);
    expect(names()).toEqual(['Kısa ama sık', 'Uzun']);
    await userEvent.click(screen.getByRole('radio', { name: 'Süre' }));
    expect(names()).toEqual(['Uzun', 'Kısa ama sık']);
    expect(screen.getAllByTestId('chart-bar')[0]?.querySelector('.report-bar-value')?.textContent).toBe('1 sa');
  });

  it('by day: a column for every day of the period, the days without plays at zero, Turkish dates in the table', async () => {
    open(report({ by: 'day', rows: [
      { key: '2026-11-18', name: '2026-11-18', plays: 40, seconds: 400 },
      { key: '2026-11-24', name: '2026-11-24', plays: 10, seconds: 100 },
    ], total: { plays: 50, seconds: 500 } }));
    await screen.findAllByTestId('report-row');
    const columns = screen.getAllByTestId('chart-column');
    expect(columns).toHaveLength(7);
    expect(columns.map((c) => c.getAttribute('height'))).toEqual(['100', '0', '0', '0', '0', '0', '25']);
    expect(columns[0]?.textContent).toBe('18.11.2026 Çar: 40');
    expect(rowTexts().map((r) => r[0])).toEqual(['18.11.2026 Çar', '24.11.2026 Sal']);
  });

  it('by hour: 24 columns a day', async () => {
    open(report({ from: '2026-11-23', to: '2026-11-24', by: 'hour', rows: [
      { key: '2026-11-24 14:00', name: '2026-11-24 14:00', plays: 6, seconds: 60 },
    ], total: { plays: 6, seconds: 60 } }));
    await screen.findAllByTestId('report-row');
    expect(screen.getAllByTestId('chart-column')).toHaveLength(48);
    expect(rowTexts()).toEqual([['24.11.2026 14:00', '6', '1 dk', '%100']]);
  });

  it('says so in Turkish when the period has no plays', async () => {
    open(emptyReport());
    expect(await screen.findByText('Bu dönemde oynatma kaydı yok')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows the server message when the report fails', async () => {
    open(() => Response.json({ message: 'Dönem en fazla 400 gün olabilir', code: 'VALIDATION_ERROR' }, { status: 400 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Rapor alınamadı: Dönem en fazla 400 gün olabilir');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('ReportsPage CSV', { timeout: 15_000 }, () => {
  /**
   * The browser's object URLs (jsdom has none) and the download link's click, stood in for until
   * the test ends: URL is shared by every test file of the worker, so the stand-ins go with the test.
   */
  function captureDownload() {
    const saved: { href: string; download: string }[] = [];
    const blobs: Blob[] = [];
    const revoked: string[] = [];
    const browser = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blobs.push(b);
        return 'blob:pano/1';
      },
      revokeObjectURL: (u: string) => void revoked.push(u),
    });
    onTestFinished(() => void Object.assign(URL, browser));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    return { saved, blobs, revoked };
  }

  it("'CSV İndir' fetches the same filters as a file with the token and saves it under the server's name", async () => {
    const csv = '\uFEFFAnahtar;Ad;Oynatma;Süre (sn)\n';
    const { calls } = open((u) => (u.searchParams.get('format') === 'csv'
      ? new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="pano-rapor-2026-11-01-2026-11-24.csv"' } })
      : Response.json(report())));
    const { saved, blobs, revoked } = captureDownload();
    await screen.findAllByTestId('report-row');
    await userEvent.click(screen.getByRole('button', { name: 'Bu ay' }));
    await userEvent.selectOptions(screen.getByLabelText('Ekran'), 'Giriş');
    await userEvent.click(screen.getByRole('button', { name: 'CSV İndir' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const csvCall = calls.find((c) => c.url.includes('format=csv'));
    expect(csvCall).toEqual({ url: `${REPORT}?from=2026-11-01&to=2026-11-24&screen=${id(32)}&by=media&format=csv`, auth: 'Bearer oturum' });
    expect(saved[0]).toEqual({ href: 'blob:pano/1', download: 'pano-rapor-2026-11-01-2026-11-24.csv' });
    // Byte for byte, with the BOM that lets Excel read the Turkish letters (text() would drop it).
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(csv);
    // The file's object URL is let go once the download has started (lib/save-file.ts).
    await waitFor(() => expect(revoked).toEqual(['blob:pano/1']), { timeout: 5_000 });
  });

  it('says why when the file cannot be had', async () => {
    open((u) => (u.searchParams.get('format') === 'csv'
      ? Response.json({ message: 'Bu rapora erişim yetkiniz yok', code: 'FORBIDDEN' }, { status: 403 })
      : Response.json(report())));
    const { saved } = captureDownload();
    await screen.findAllByTestId('report-row');
    await userEvent.click(screen.getByRole('button', { name: 'CSV İndir' }));
    expect((await screen.findByRole('alert')).querySelector('.banner-text')?.textContent).toBe('CSV indirilemedi: Bu rapora erişim yetkiniz yok');
    expect(saved).toEqual([]);
  });
});

describe('ReportsPage for an admin', () => {
  it('says reports are for customers and asks nothing', async () => {
    useSession.setState({
      status: 'authenticated',
      user: { _id: id(90), email: 'admin@ornek.com', firstName: null, lastName: null, role: 'admin', account: null },
    });
    const { calls } = open();
    expect(await screen.findByText('Raporlar yalnızca müşteriler içindir')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Raporlar' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
