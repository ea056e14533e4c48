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

  it('counts an emoji as one, as the server does', async () => {
    stubEmptyFeed();
    renderApp('/posts');
    const text = await screen.findByRole('textbox', { name: 'નવી પોસ્ટ' });
    fireEvent.change(text, { target: { value: '😀🙏 ok' } });
    expect(screen.getByText('5 / 1000')).toBeTruthy();
    // 1000 emoji are 2000 UTF-16 units but 1000 for the server: Post stays offered.
    fireEvent.change(text, { target: { value: '😀'.repeat(1000) } });
    expect(screen.getByText('1000 / 1000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'પોસ્ટ કરો' })).toHaveProperty('disabled', false);
  });

  it("a file that is not really an image: a removable chip, and the API's 415 message", async () => {
    stubEmptyFeed();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:fake', revokeObjectURL: () => {} }),
    );
    stubUpload(415, {
      message: 'Only JPEG or PNG images are accepted.',
      code: 415,
      type: 'storage_file_type_unsupported',
    });
    renderApp('/posts');
    const text = await screen.findByRole('textbox', { name: 'નવી પોસ્ટ' });
    fireEvent.change(text, { target: { value: 'Navratri garba at the wadi' } });
    const input = document.querySelector<HTMLInputElement>('form input[type="file"]');
    if (!input) throw new Error('no file input');
    const file = new File(['not a picture'], 'notes.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    // The preview cannot be drawn (the bytes are no picture): the chip still names it and removes it.
    const preview = document.querySelector('form img');
    if (preview) fireEvent.error(preview);
    expect(screen.getByText('notes.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'પોસ્ટ કરો' }));
    expect(await screen.findByText('આ પ્રકારની ફાઇલ ચાલતી નથી. JPEG અથવા PNG ફોટો પસંદ કરો.')).toBeTruthy();
    expect(screen.queryByText('Something Went Wrong! Please try again later.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ફોટો કાઢો' }));
    expect(screen.queryByText('notes.png')).toBeNull();
    expect(screen.queryByText('આ પ્રકારની ફાઇલ ચાલતી નથી. JPEG અથવા PNG ફોટો પસંદ કરો.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'નવી પોસ્ટ' })).toHaveProperty(
      'value',
      'Navratri garba at the wadi',
    );
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

describe('adding a post while the server is in trouble', () => {
  it.each([
    [503, 'general_database_unavailable', 'સર્વર અત્યારે માહિતી સુધી પહોંચી શકતું નથી. થોડી વાર પછી ફરી પ્રયત્ન કરો.'],
    [507, 'general_insufficient_storage', 'સર્વર પર જગ્યા ખૂટી ગઈ છે. થોડી વાર પછી ફરી પ્રયત્ન કરો.'],
  ])(
    '%i says to try again in a moment, not that something went wrong, and keeps the text',
    async (code, type, words) => {
      stubEmptyFeed();
      stubUpload(code, { message: 'Server trouble', code, type });
      await writeAndSend();
      expect(await screen.findByText(words)).toBeTruthy();
      expect(screen.queryByText('Something Went Wrong! Please try again later.')).toBeNull();
      expect(screen.getByRole('textbox', { name: 'નવી પોસ્ટ' })).toHaveProperty(
        'value',
        'Navratri garba at the wadi',
      );
    },
  );
});

describe("a post's text in the feed", () => {
  it('cuts 220 characters with no spaces at 100 graphemes, with more', async () => {
    const word = 'ક'.repeat(220);
    stubServer({
      account: testMember,
      routes: ({ path }) => {
        if (path === '/api/posts')
          return { body: { documents: [testPost({ description: word })], nextCursor: null } };
        if (path.startsWith('/api/events')) return { body: { documents: [] } };
        return undefined;
      },
    });
    renderApp('/posts');
    const more = await screen.findByRole('button', { name: 'more' });
    const shown = more.closest('p')?.textContent ?? '';
    expect(shown).toContain(`${'ક'.repeat(100)}...`);
    expect(shown).not.toContain('ક'.repeat(101));
  });

  it('cuts at a space near the limit, and offers more only when something was cut', async () => {
    const words = `${'a'.repeat(95)} garba night`;
    const emoji = '😀'.repeat(60);
    stubServer({
      account: testMember,
      routes: ({ path }) => {
        if (path === '/api/posts')
          return {
            body: {
              documents: [
                testPost({ id: 'p1', description: words }),
                testPost({ id: 'p2', description: emoji }),
              ],
              nextCursor: null,
            },
          };
        if (path.startsWith('/api/events')) return { body: { documents: [] } };
        return undefined;
      },
    });
    renderApp('/posts');
    const more = await screen.findAllByRole('button', { name: 'more' });
    expect(more).toHaveLength(1);
    expect(more[0].closest('p')?.textContent).toBe(`${'a'.repeat(95)}... more`);
    expect(screen.getByText(emoji)).toBeTruthy();
  });
});
