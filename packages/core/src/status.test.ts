import { describe, expect, it } from 'vitest';
import {
  isPostVisibleTo,
  matrimonyStatusDisplay,
  POST_STATUSES,
  postAllowsReactions,
  postStatusDisplay,
  STATUS_PALETTE,
} from './status.ts';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('STATUS_PALETTE', () => {
  it('checks contrast as WCAG does', () => {
    expect(contrast('#e67700', '#fff3bf')).toBeCloseTo(2.69, 1);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it.each(Object.entries(STATUS_PALETTE))('%s text passes AA on its background and on white', (_, shade) => {
    expect(contrast(shade.text, shade.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('postStatusDisplay', () => {
  it.each([
    ['approved', null, null],
    ['requested', 'Under Review', 'warning'],
    ['rejected', 'Not Approved', 'error'],
    ['unlisted', 'Private', 'neutral'],
    ['something-else', null, null],
  ])('%s → %s / %s', (status, label, color) => {
    expect(postStatusDisplay(status)).toEqual({ label, color });
  });

  it('only approved posts allow reactions, comments and share', () => {
    expect(POST_STATUSES.filter(postAllowsReactions)).toEqual(['approved']);
  });
});

describe('matrimonyStatusDisplay', () => {
  it.each([
    ['requested', 'Profile Under Review'],
    ['banned', 'Profile Banned'],
    ['inactive', 'Profile inactive'],
    ['active', null],
    ['anything', null],
  ])('%s → %s', (status, label) => {
    expect(matrimonyStatusDisplay(status).label).toBe(label);
  });
});

describe('isPostVisibleTo', () => {
  it.each([
    ['approved', 'ramesh', undefined, true],
    ['approved', 'ramesh', { id: 'suresh' }, true],
    ['requested', 'ramesh', undefined, false],
    ['requested', 'ramesh', { id: 'suresh' }, false],
    ['requested', 'ramesh', { id: 'ramesh' }, true],
    ['rejected', 'ramesh', { id: 'ramesh' }, true],
    ['unlisted', 'ramesh', { id: 'suresh' }, false],
    ['unlisted', 'ramesh', null, false],
  ])('%s post by %s to %j → %s', (status, creator, viewer, visible) => {
    expect(isPostVisibleTo({ status, creator }, viewer)).toBe(visible);
  });
});
