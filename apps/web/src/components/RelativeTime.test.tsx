import { MantineProvider } from '@mantine/core';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RelativeTime } from './RelativeTime';

describe('a moment in time', () => {
  it('says how long ago, and writes the exact time only when a pointer rests on it (its date formatter costs a slow phone)', () => {
    const date = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const { container } = render(
      <MantineProvider>
        <RelativeTime date={date} />
      </MantineProvider>,
    );
    const time = container.querySelector('time');
    if (!time) throw new Error('no <time>');
    expect(time.getAttribute('datetime')).toBe(date);
    expect(time.hasAttribute('title')).toBe(false);
    fireEvent.pointerEnter(time);
    expect(time.getAttribute('title')).toMatch(/\d/);
  });
});
