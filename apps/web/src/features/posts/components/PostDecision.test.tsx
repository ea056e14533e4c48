import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubServer, testMember, testPost } from '../../../test/render';

/** The /realtime socket, driven by hand (as lib/realtime.test.ts does). */
class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  serverSays(message: unknown) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message) }));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("a member's own post under review", () => {
  it("changes to approved in place when staff decide (a change on the member's own channel)", async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    let status = 'requested';
    const waiting = testPost({ id: 'mine', status: 'requested' });
    const theirs = testPost({ id: 'theirs', creator: 'ravi', user: { ...waiting.user, id: 'ravi' } });
    stubServer({
      account: testMember,
      routes: ({ path }) => {
        if (path === '/api/posts/mine') return { body: { ...waiting, status } };
        if (path.startsWith('/api/posts'))
          return { body: { documents: [waiting, theirs], nextCursor: null } };
        if (path.startsWith('/api/events')) return { body: { documents: [] } };
        return undefined;
      },
    });
    const { container } = renderApp('/posts');
    await waitFor(() => expect(container.querySelector('[data-post-id="mine"]')).not.toBeNull());
    expect(container.querySelector('[data-post-id="mine"]')?.getAttribute('data-status')).toBe('requested');

    // Only the member's own channel is followed, and only because a post of theirs waits.
    const socket = await waitFor(() => {
      const made = FakeSocket.made.at(-1);
      if (!made) throw new Error('no socket yet');
      return made;
    });
    socket.serverOpens();
    expect(socket.sent).toEqual([{ type: 'subscribe', channels: [`member.${testMember.id}`] }]);

    status = 'approved';
    socket.serverSays({ type: 'change', channel: `member.${testMember.id}`, id: 'mine' });
    await waitFor(() =>
      expect(container.querySelector('[data-post-id="mine"]')?.getAttribute('data-status')).toBe('approved'),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
