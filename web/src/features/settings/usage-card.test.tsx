import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { UsageCard } from './usage-card';

afterEach(cleanup);

const counts = { screenUsage: { used: 1, limit: 3, percentage: 33.3 }, playlistUsage: { used: 2, limit: 10, percentage: 20 } };

function mediaRow() {
  const row = screen.getAllByTestId('usage-row')[0]!;
  return { text: row.querySelector('.usage-value')?.textContent, percent: row.querySelector('.progress-value')?.textContent };
}

describe('usage card: media storage', () => {
  it('shows nine small uploads in MB with one decimal, not as 0 GB', () => {
    render(<UsageCard usage={{ mediaUsage: { used: 0.01, usedBytes: 8_910_000, limit: 5, percentage: 0.2 }, ...counts }} />);
    expect(mediaRow()).toEqual({ text: '8,5 MB / 5 GB', percent: '%0,2' });
  });

  it('shows GB from 1 GB on', () => {
    render(<UsageCard usage={{ mediaUsage: { used: 1.26, usedBytes: Math.round(1.26 * 1024 ** 3), limit: 4, percentage: 31.5 }, ...counts }} />);
    expect(mediaRow()).toEqual({ text: '1,26 GB / 4 GB', percent: '%31,5' });
  });
});
