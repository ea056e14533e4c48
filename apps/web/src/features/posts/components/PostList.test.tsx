import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer, testMember, testPost } from '../../../test/render';

/** Records each observer the feed makes for its bottom marker (jsdom has none). */
class MarkerObserver {
  static made = 0;
  constructor() {
    MarkerObserver.made++;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

describe('the feed list', () => {
  it('redraws a liked card in place: no next-page placeholder, the bottom marker kept', async () => {
    vi.stubGlobal('IntersectionObserver', MarkerObserver);
    const post = testPost({ id: 'p1', creator: 'ravi', user: { ...testPost().user, id: 'ravi' } });
    stubServer({
      account: testMember,
      routes: ({ path, method }) => {
        if (path === '/api/posts/p1/like' && method === 'POST')
          return { body: { liked: 'l1', likeCount: 1 } };
        // One page drawn, more to come: the marker is watched for the next.
        if (path === '/api/posts') return { body: { documents: [post], nextCursor: 'p1' } };
        if (path.startsWith('/api/events')) return { body: { documents: [] } };
        return undefined;
      },
    });
    const { container } = renderApp('/posts');
    const like = await waitFor(() => {
      const button = container.querySelector<HTMLButtonElement>('[data-post-id="p1"] [data-action="like"]');
      if (!button) throw new Error('no card yet');
      return button;
    });
    await waitFor(() => expect(MarkerObserver.made).toBe(1));
    const list = container.querySelector('[data-feed]') as HTMLElement;
    const placeholders: Node[] = [];
    const watch = new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (
            node instanceof HTMLElement &&
            (node.matches('[role=progressbar]') || node.querySelector('[role=progressbar]'))
          )
            placeholders.push(node);
    });
    watch.observe(list, { childList: true, subtree: true });

    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(container.querySelector('[data-like-count]')?.textContent).toBe('1');
    watch.disconnect();
    expect(placeholders).toEqual([]);
    expect(MarkerObserver.made).toBe(1);
  });
});
