import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/render';

describe('about the community', () => {
  it('shows a Gujarati about text when the operator set none (not an English default)', async () => {
    stubServer({ config: { communityAbout: '' } });
    renderApp('/settings/about');
    expect(await screen.findByText(/આપણા સમાજનું ઘર/)).toBeTruthy();
  });

  it("shows the operator's own words when they set COMMUNITY_ABOUT", async () => {
    stubServer({ config: { communityAbout: 'Kutchi families of Mumbai since 1952.' } });
    renderApp('/settings/about');
    expect(await screen.findByText('Kutchi families of Mumbai since 1952.')).toBeTruthy();
    expect(screen.queryByText(/આપણા સમાજનું ઘર/)).toBeNull();
  });
});
