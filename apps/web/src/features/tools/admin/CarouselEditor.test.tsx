import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, renderApp, stubServer, testAdmin } from '../../../test/render';

const filled = {
  position: 2,
  image: 'img2',
  title: 'Diwali Sneh Milan',
  subtitle: 'Sunday at the wadi',
  link: '/events',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

function stubSlides(onWrite: (request: FakeRequest) => { status?: number; body?: unknown } | undefined) {
  const writes: FakeRequest[] = [];
  stubServer({
    account: testAdmin,
    routes: (request) => {
      if (request.path === '/api/admin/summary') {
        return { body: { posts: 0, reports: 0, publisherRequests: 0, surnameSubmissions: 0 } };
      }
      if (request.path === '/api/slides') return { body: { documents: [filled] } };
      if (request.path.startsWith('/api/admin/slides')) {
        writes.push(request);
        return onWrite(request);
      }
      return undefined;
    },
  });
  return writes;
}

const slot = async (n: number) => screen.findByRole('region', { name: `સ્લાઇડ ${n}` });

/** Types a title and a link into a slide's form and presses Save. */
function saveSlide(place: HTMLElement, values: { title: string; link: string }) {
  const input = (label: RegExp) => within(place).getByLabelText(label, { selector: 'input' });
  fireEvent.change(input(/શીર્ષક/), { target: { value: values.title } });
  fireEvent.change(input(/લિંક/), { target: { value: values.link } });
  fireEvent.click(within(place).getByRole('button', { name: 'સાચવો' }));
}

describe('carousel editor (staff console)', () => {
  it('shows five places, the filled one with its values, and saves a new slide', async () => {
    const writes = stubSlides(({ method }) =>
      method === 'PUT' ? { body: { ...filled, position: 4, title: 'Scholarship forms open' } } : undefined,
    );
    renderApp('/admin/carousel');
    const second = await slot(2);
    expect(within(second).getByLabelText(/શીર્ષક/, { selector: 'input' })).toHaveProperty(
      'value',
      'Diwali Sneh Milan',
    );
    for (const n of [1, 3, 4, 5]) expect(within(await slot(n)).getByText('ખાલી')).toBeTruthy();

    const fourth = await slot(4);
    saveSlide(fourth, { title: 'Scholarship forms open', link: 'https://example.org/forms' });
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].method).toBe('PUT');
    expect(writes[0].path).toBe('/api/admin/slides/4');
    expect(writes[0].body).toEqual({
      title: 'Scholarship forms open',
      subtitle: '',
      link: 'https://example.org/forms',
      image: null,
    });
  });

  it('refuses a link that is neither a page of the site nor https, before asking the server', async () => {
    const writes = stubSlides(() => undefined);
    renderApp('/admin/carousel');
    const first = await slot(1);
    saveSlide(first, { title: 'Garba', link: 'javascript:alert(1)' });
    expect(await within(first).findByText('અમાન્ય કિંમત')).toBeTruthy();
    expect(writes).toHaveLength(0);
  });

  it("explains the server's refusal by its field, and removes a slide after asking", async () => {
    const writes = stubSlides(({ method }) =>
      method === 'PUT'
        ? {
            status: 400,
            body: { message: 'Invalid value', code: 400, type: 'general_argument_invalid', field: 'link' },
          }
        : { status: 204 },
    );
    renderApp('/admin/carousel');
    const second = await slot(2);
    fireEvent.click(within(second).getByRole('button', { name: 'સાચવો' }));
    expect((await within(second).findByRole('alert')).textContent).toMatch(/લિંક આ સાઇટનું પાનું/);

    fireEvent.click(within(second).getByRole('button', { name: 'સ્લાઇડ કાઢી નાખો' }));
    fireEvent.click(within(second).getByRole('button', { name: 'હા, કાઢી નાખો' }));
    await waitFor(() =>
      expect(writes.map((w) => `${w.method} ${w.path}`)).toContain('DELETE /api/admin/slides/2'),
    );
  });
});
