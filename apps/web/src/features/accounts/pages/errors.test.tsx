import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubServer } from '../../../test/render';

const input = (label: RegExp, index = 0) => screen.getAllByLabelText(label, { selector: 'input' })[index];
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('errors are explained by their type (and field), never by the English message', () => {
  it.each([
    ['user_invalid_credentials', 'Any wording the server likes', 'Please check your email and password'],
    ['user_blocked', 'Account banned', 'This account is blocked.'],
    ['general_unknown', 'Please check your email and password', 'Something Went Wrong, Try again later'],
    // The database away or the disk full: try again in a moment, not "Something Went Wrong".
    [
      'general_database_unavailable',
      'The database is not answering.',
      'સર્વર અત્યારે માહિતી સુધી પહોંચી શકતું નથી. થોડી વાર પછી ફરી પ્રયત્ન કરો.',
    ],
    [
      'general_insufficient_storage',
      'The server has run out of storage space.',
      'સર્વર પર જગ્યા ખૂટી ગઈ છે. થોડી વાર પછી ફરી પ્રયત્ન કરો.',
    ],
  ])('login: %s reads as the error catalogue says', async (errorType, message, shown) => {
    stubServer({
      routes: ({ path }) =>
        path === '/api/account/login'
          ? { status: 401, body: { message, code: 401, type: errorType } }
          : undefined,
    });
    renderApp('/login');
    type(await screen.findByLabelText(/ઈમેલ/, { selector: 'input' }), 'ramesh@example.org');
    type(input(/પાસવર્ડ/), 'not my password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });

  it('signup: a validation error on the email field asks for a valid email, whatever its message', async () => {
    stubServer({
      routes: ({ path }) => {
        if (path === '/api/surnames') {
          return { body: { documents: [{ name: 'Patel', name_guj: 'પટેલ' }], nextCursor: null } };
        }
        if (path === '/api/account/signup') {
          return {
            status: 400,
            body: {
              message: 'body/email must match format',
              code: 400,
              type: 'general_argument_invalid',
              field: 'email',
            },
          };
        }
        return undefined;
      },
    });
    renderApp('/signup');
    fireEvent.click(await screen.findByLabelText('પટેલ'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    type(await screen.findByLabelText(/તમારું નામ/, { selector: 'input' }), 'Ramesh Patel');
    type(input(/યુઝરનેમ/), 'ramesh_patel');
    type(input(/ઈમેલ/), 'ramesh@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const [password, again] = await screen.findAllByLabelText(/^પાસવર્ડ/, { selector: 'input' });
    type(password, 'a long password');
    type(again, 'a long password');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
  });
});
