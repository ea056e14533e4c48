import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/render';

const SURNAMES = [
  { name: 'Joshi', name_guj: 'જોશી', pronounce: 'Jośī' },
  { name: 'Patel', name_guj: 'પટેલ', pronounce: 'Paṭel' },
  { name: 'Shah', name_guj: 'શાહ', pronounce: 'Śāh' },
  { name: 'Trivedi', name_guj: 'ત્રિવેદી', pronounce: 'Trivedī' },
];

const radios = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));

describe('signup step 1: the surname', () => {
  it("searches as the directory does (Latin, Gujarati, pronunciation), in the directory's order", async () => {
    stubServer({
      routes: ({ path }) =>
        path === '/api/surnames' ? { body: { documents: SURNAMES, nextCursor: null } } : undefined,
    });
    renderApp('/signup');
    const search = await screen.findByRole('searchbox', { name: 'અટક શોધો' });
    // Gujarati order, as /surnames lists them: જ ત પ શ.
    expect(radios()).toEqual(['Joshi', 'Trivedi', 'Patel', 'Shah']);
    fireEvent.change(search, { target: { value: 'sah' } });
    expect(await screen.findAllByRole('radio')).toHaveLength(1);
    expect(radios()).toEqual(['Shah']);
    fireEvent.change(search, { target: { value: 'ત્રિ' } });
    await screen.findByLabelText('ત્રિવેદી');
    expect(radios()).toEqual(['Trivedi']);
    fireEvent.change(search, { target: { value: 'PAT' } });
    fireEvent.click(await screen.findByLabelText('પટેલ'));
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('“zzz” સાથે મેળ ખાતી કોઈ અટક મળી નથી.')).toBeTruthy();
  });
});
