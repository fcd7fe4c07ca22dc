import { describe, expect, it } from 'vitest';
import { mediaKind, resolveMediaUrl } from './media-rules.js';

describe('mediaKind (docs/PRODUCT.md#data)', () => {
  it("plays mediaType 'Video' as video and anything else as image", () => {
    expect(mediaKind({ mediaType: 'Video', filePath: '/uploads/a' })).toBe('video');
    expect(mediaKind({ mediaType: 'Resim', filePath: '/uploads/a.png' })).toBe('image');
    expect(mediaKind({ mediaType: 'image', filePath: 'a.jpg' })).toBe('image');
    expect(mediaKind({ mediaType: 'whatever' })).toBe('image');
  });

  it("knows an app by type 'app' or mediaType 'Uygulama': no file, never an image", () => {
    expect(mediaKind({ type: 'app', mediaType: 'Uygulama', filePath: '' })).toBe('app');
    expect(mediaKind({ mediaType: 'Uygulama', filePath: '' })).toBe('app');
  });

  it('infers video from .mp4 .webm .ogg .mov .m4v, in any case, ignoring queries', () => {
    for (const ext of ['mp4', 'webm', 'ogg', 'mov', 'm4v', 'MP4']) {
      expect(mediaKind({ mediaType: 'Resim', filePath: `/uploads/clip.${ext}` })).toBe('video');
    }
    expect(mediaKind({ mediaType: 'Resim', filePath: 'https://cdn.x/clip.webm?sig=1' })).toBe('video');
    expect(mediaKind({ mediaType: 'Resim', filePath: '/uploads/mp4.png' })).toBe('image');
  });
});

describe('resolveMediaUrl', () => {
  const host = 'http://pano.local:3000';
  it('keeps absolute URLs', () => {
    expect(resolveMediaUrl('https://cdn.example.com/a.mp4', host)).toBe('https://cdn.example.com/a.mp4');
    expect(resolveMediaUrl('blob:http://x/1', host)).toBe('blob:http://x/1');
  });
  it('resolves uploads/x, /uploads/x and bare names against /uploads/', () => {
    expect(resolveMediaUrl('uploads/a.png', host)).toBe('http://pano.local:3000/uploads/a.png');
    expect(resolveMediaUrl('/uploads/a.png', host)).toBe('http://pano.local:3000/uploads/a.png');
    expect(resolveMediaUrl('a.png', host)).toBe('http://pano.local:3000/uploads/a.png');
    expect(resolveMediaUrl('a.png', `${host}/`)).toBe('http://pano.local:3000/uploads/a.png');
  });
  it('without a host, a path on this page\'s own host (the dashboard)', () => {
    expect(resolveMediaUrl('https://cdn.example.com/a.png', '')).toBe('https://cdn.example.com/a.png');
    expect(resolveMediaUrl('/uploads/a.png', '')).toBe('/uploads/a.png');
    expect(resolveMediaUrl('uploads/a.png', '')).toBe('/uploads/a.png');
    expect(resolveMediaUrl('a.png', '')).toBe('/uploads/a.png');
  });
});

describe('the kind of a media item as the dashboard lists it (docs/PRODUCT.md#data)', () => {
  it('treats Video, type video, or a video extension as video; anything else as image', () => {
    expect(mediaKind({ mediaType: 'Video' })).toBe('video');
    expect(mediaKind({ type: 'video' })).toBe('video');
    expect(mediaKind({ mediaType: 'Resim', filePath: '/uploads/x.MOV' })).toBe('video');
    expect(mediaKind({ mediaType: 'Resim', filePath: '/uploads/x.png' })).toBe('image');
    expect(mediaKind({ mediaType: 'image' })).toBe('image');
  });
});
