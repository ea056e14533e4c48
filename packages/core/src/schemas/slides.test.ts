import { describe, expect, it } from 'vitest';
import { isSlideLink, slidePositionSchema, slideSchema } from './slides.ts';

describe('slide schema', () => {
  it('accepts same-site paths and https URLs only', () => {
    for (const ok of ['/', '/surnames', '/posts/abc?x=1#y', 'https://example.org/a'])
      expect(isSlideLink(ok), ok).toBe(true);
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'http://example.org',
      'javascript:alert(1)',
      'data:text/html,hi',
      'surnames',
      'https://user:pw@example.org',
      `/${'a'.repeat(300)}`,
    ])
      expect(isSlideLink(bad), bad).toBe(false);
  });

  it('fills the optional fields and trims', () => {
    expect(slideSchema.parse({ title: ' Hello ' })).toEqual({
      title: 'Hello',
      subtitle: '',
      link: null,
      image: null,
    });
    expect(slideSchema.safeParse({ title: '' }).success).toBe(false);
    expect(slideSchema.safeParse({ title: 'a'.repeat(81) }).success).toBe(false);
    expect(slideSchema.safeParse({ title: 'a', subtitle: 'b'.repeat(161) }).success).toBe(false);
    expect(slideSchema.safeParse({ title: 'a', image: '../etc/passwd' }).success).toBe(false);
  });

  it('positions run 1..5', () => {
    expect(slidePositionSchema.parse('3')).toBe(3);
    for (const bad of ['0', '6', '1.5', 'x'])
      expect(slidePositionSchema.safeParse(bad).success, bad).toBe(false);
  });
});
