import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { aMedia } from '../../testing/fixtures';
import { MediaThumb } from './media-thumb';

afterEach(() => {
  cleanup();
});

describe('MediaThumb', () => {
  it("shows an app's kind where a file's picture would be, and asks for no file", () => {
    const clock = aMedia({ name: 'Lobi Saati', filePath: '', mediaType: 'Uygulama', type: 'app', size: 0, app: { kind: 'clock', style: 'digital', showDate: true, showSeconds: false } });
    render(<MediaThumb media={clock} />);
    expect(screen.getByRole('img', { name: 'Lobi Saati' }).textContent).toBe('Saat');
    expect(document.querySelector('img, video')).toBeNull();
  });

  it('still shows an image file by its thumbnail', () => {
    render(<MediaThumb media={aMedia()} />);
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe('/uploads/thumbs/logo.png');
  });
});
