import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgetEngagement, useEngaged } from './engaged';

describe('the reader’s first action on the page', () => {
  it('is a tap, a key, a scroll or a touch; nothing else counts', () => {
    for (const interaction of ['pointerdown', 'keydown', 'scroll', 'touchstart']) {
      act(() => forgetEngagement());
      const { result } = renderHook(() => useEngaged());
      act(() => {
        window.dispatchEvent(new Event('mousemove'));
        window.dispatchEvent(new Event('focus'));
      });
      expect(result.current, interaction).toBe(false);
      act(() => {
        window.dispatchEvent(new Event(interaction));
      });
      expect(result.current, interaction).toBe(true);
    }
  });
});
