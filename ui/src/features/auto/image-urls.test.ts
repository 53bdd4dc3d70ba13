import { describe, expect, it } from 'vitest';
import { MAX_IMAGES, isHttpsImageUrl, parseImageUrls, shownImages } from './image-urls';

describe('vehicle photo addresses', () => {
  it('accepts https addresses only', () => {
    expect(isHttpsImageUrl('https://cdn.example.dk/golf.jpg')).toBe(true);
    for (const bad of ['http://cdn.example.dk/a.jpg', 'data:image/png;base64,AA', 'javascript:alert(1)', 'cdn.example.dk/a.jpg', 'https://u:p@cdn.example.dk/a.jpg', 'file:///etc/passwd']) {
      expect(isHttpsImageUrl(bad), bad).toBe(false);
    }
  });

  it('reads one per line, drops blank lines and names the first bad line', () => {
    expect(parseImageUrls(' https://a.example/1.jpg \n\nhttps://a.example/2.jpg')).toEqual({ ok: true, urls: ['https://a.example/1.jpg', 'https://a.example/2.jpg'] });
    expect(parseImageUrls('https://a.example/1.jpg\nhttp://a.example/2.jpg')).toEqual({ ok: false, line: 2, reason: 'https' });
    expect(parseImageUrls('')).toEqual({ ok: true, urls: [] });
    const many = Array.from({ length: MAX_IMAGES + 1 }, (_, i) => `https://a.example/${i}.jpg`).join('\n');
    expect(parseImageUrls(many)).toMatchObject({ ok: false, reason: 'tooMany' });
  });

  it('shows only https addresses from a record', () => {
    expect(shownImages(['https://a.example/1.jpg', 'http://a.example/2.jpg', 3, null])).toEqual(['https://a.example/1.jpg']);
    expect(shownImages(null)).toEqual([]);
  });
});
