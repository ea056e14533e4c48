import { BOOT_DATA_ID, type SlideView } from '@samaj/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { takeBootData } from '../../../lib/boot';
import { renderApp, requestsTo, stubServer } from '../../../test/render';

function slide(position: number, extra: Partial<SlideView> = {}): SlideView {
  return {
    position,
    image: null,
    title: `Slide title ${position}`,
    subtitle: '',
    link: null,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('tools home carousel', () => {
  it("shows the community's name and one line until staff fill a slide", async () => {
    stubServer({ routes: ({ path }) => (path === '/api/slides' ? { body: { documents: [] } } : undefined) });
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'સમાચાર અને જાહેરાતો' });
    expect(await within(carousel).findByRole('heading', { name: 'Test Samaj' })).toBeTruthy();
    expect(within(carousel).getByText(/એક જ જગ્યાએ/)).toBeTruthy();
    // Not five empty panels with dots to nowhere.
    expect(within(carousel).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the filled slides in order with their picture, words and link', async () => {
    stubServer({
      routes: ({ path }) =>
        path === '/api/slides'
          ? {
              body: {
                documents: [
                  slide(1, { image: 'img1', subtitle: 'Every surname and its history', link: '/surnames' }),
                  slide(3, { link: 'https://example.org/news' }),
                ],
              },
            }
          : undefined,
    });
    renderApp('/');
    const first = await screen.findByRole('heading', { name: 'Slide title 1' });
    expect(screen.getByText('Every surname and its history')).toBeTruthy();
    expect(first.closest('a')?.getAttribute('href')).toBe('/surnames');
    expect(first.closest('section')?.querySelector('img')?.getAttribute('src')).toBe(
      '/api/files/img1/preview?width=490',
    );
    const outside = screen.getByRole('heading', { name: 'Slide title 3' }).closest('a');
    expect(outside?.getAttribute('href')).toBe('https://example.org/news');
    expect(outside?.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByRole('button', { name: /સ્લાઇડ \d પર જાઓ/ })).toHaveLength(2);
  });

  describe('served with the slides in the page (the server writes them into the home page)', () => {
    afterEach(() => takeBootData());

    it('draws them with the first screen, without asking the server again', () => {
      const script = document.createElement('script');
      script.id = BOOT_DATA_ID;
      script.type = 'application/json';
      script.textContent = JSON.stringify({ slides: [slide(2, { subtitle: 'Garba on Saturday' })] });
      document.body.append(script);
      takeBootData();
      const server = stubServer();
      renderApp('/');
      // At once: no welcome panel first and a carousel later, which would shift the page.
      expect(screen.getByRole('heading', { name: 'Slide title 2' })).toBeTruthy();
      expect(screen.getByText('Garba on Saturday')).toBeTruthy();
      expect(screen.queryByText(/એક જ જગ્યાએ/)).toBeNull();
      expect(requestsTo(server, '/api/slides')).toEqual([]);
    });
  });
});
