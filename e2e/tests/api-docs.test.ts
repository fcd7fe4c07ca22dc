import { describe, expect, it } from 'vitest';
import { useE2E } from '../support/harness';

const e2e = useE2E();

describe('/api/docs', () => {
  it('renders the API reference with its examples, loading nothing from elsewhere', async () => {
    const { page, errors } = await e2e.newPage();
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: 'Pano API', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'POST /api/alerts', exact: true }).waitFor();
    expect(await page.getByText('"Yangın tatbikatı"').count()).toBeGreaterThan(0);
    const origin = new URL(page.url()).origin;
    expect(requested.filter((url) => !url.startsWith(origin))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
