import type { SlideView } from '@samaj/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/render';

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
});
