import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/render';

describe('personas placeholder', () => {
  it('shows the persona named by ?type=', async () => {
    stubServer();
    renderApp('/personas?type=donors');
    expect(await screen.findByRole('heading', { level: 1, name: 'દાતાઓ' })).toBeTruthy();
  });

  it('falls back to notable people for an unknown type', async () => {
    stubServer();
    renderApp('/personas?type=astronauts');
    expect(await screen.findByRole('heading', { level: 1, name: 'જાણીતી વ્યક્તિઓ' })).toBeTruthy();
  });
});
