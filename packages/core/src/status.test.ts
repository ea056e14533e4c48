import { describe, expect, it } from 'vitest';
import {
  isPostVisibleTo,
  matrimonyStatusDisplay,
  POST_STATUSES,
  postAllowsReactions,
  postStatusDisplay,
} from './status.ts';

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
