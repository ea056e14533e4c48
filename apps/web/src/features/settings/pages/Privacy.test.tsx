import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer, testMember } from '../../../test/render';

describe('privacy page', () => {
  it('lists what other members see and what they never see, each under its heading', async () => {
    stubServer({ account: testMember });
    renderApp('/settings/privacy');
    const visible = await screen.findByRole('heading', { name: 'બીજા સભ્યો શું જોઈ શકે છે' });
    const hidden = screen.getByRole('heading', { name: 'બીજા સભ્યો શું જોઈ શકતા નથી' });
    // Each list stands right under its heading.
    const seen = visible.nextElementSibling as HTMLElement;
    const unseen = hidden.nextElementSibling as HTMLElement;
    expect(within(seen).getByText('તમારું નામ')).toBeTruthy();
    expect(within(unseen).getByText('તમારું ઈમેલ સરનામું')).toBeTruthy();
    expect(within(seen).queryByText('તમારું ઈમેલ સરનામું')).toBeNull();
  });
});
