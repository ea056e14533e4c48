import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer, testMember, testPost } from '../../../test/render';

/** The one browser API that reports upload progress; answers like POST /api/posts. */
function stubUpload(status: number, body: unknown) {
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** A member with an empty feed. */
function stubEmptyFeed() {
  stubServer({
    account: testMember,
    routes: ({ path }) =>
      path.startsWith('/api/posts') || path.startsWith('/api/events')
        ? { body: { documents: [], nextCursor: null } }
        : undefined,
  });
}

async function writeAndSend() {
  renderApp('/posts');
  const text = await screen.findByRole('textbox', { name: 'નવી પોસ્ટ' });
  fireEvent.change(text, { target: { value: 'Navratri garba at the wadi' } });
  fireEvent.click(screen.getByRole('button', { name: 'પોસ્ટ કરો' }));
}

// Long enough for the lazily loaded notifications host to have shown a toast, had there been one.
const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

describe('adding a post', () => {
  it('offers Post only for text the server keeps: not blanks or pasted control characters, not over 1000', async () => {
    stubEmptyFeed();
    renderApp('/posts');
    const text = await screen.findByRole('textbox', { name: 'નવી પોસ્ટ' });
    const post = screen.getByRole('button', { name: 'પોસ્ટ કરો' });
    expect(post).toHaveProperty('disabled', true);
    for (const [value, enabled] of [
      [' \n\u0001\u0085 ', false],
      ['\u0001Garba', true],
      ['x'.repeat(1001), false],
      [`${'x'.repeat(1000)}\u0001`, true],
    ] as const) {
      fireEvent.change(text, { target: { value } });
      expect(post, JSON.stringify(value).slice(0, 30)).toHaveProperty('disabled', !enabled);
    }
  });

  it("says 'Post Submitted' once, with the review note, for a post that waits for staff", async () => {
    stubEmptyFeed();
    stubUpload(201, testPost({ status: 'requested' }));
    await writeAndSend();
    expect(await screen.findByText(/સમીક્ષા પછી પ્રકાશિત થશે/)).toBeTruthy();
    await settle();
    expect(screen.getAllByText('Post Submitted')).toHaveLength(1);
  });

  it('says the failure once and keeps what the member wrote', async () => {
    stubEmptyFeed();
    stubUpload(500, { message: 'boom', code: 500, type: 'general_unknown' });
    await writeAndSend();
    expect(await screen.findByText('Something Went Wrong! Please try again later.')).toBeTruthy();
    await settle();
    expect(screen.getAllByText('Something Went Wrong! Please try again later.')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'નવી પોસ્ટ' })).toHaveProperty(
      'value',
      'Navratri garba at the wadi',
    );
  });
});
