import { zodResolver } from '@hookform/resolvers/zod';
import { MantineProvider } from '@mantine/core';
import { type RecoveryResetFormInput, recoveryResetFormSchema } from '@samaj/core';
import { act, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm, useWatch } from 'react-hook-form';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../locales/gu/common.json';
import messages from '../locales/gu/messages.json';
import { FormField } from './FormField';

// A server-rendered form typed into before React takes the page over (the reset-password page's fields
// and rules). jsdom keeps no "user validity" (what `:user-valid` / `:user-invalid` read): the test
// says which fields the browser would report as changed and left, as Chromium does after a member
// types into a field and moves on (e2e shell.spec covers the real browser).

const TOO_SHORT = 'પાસવર્ડ ઓછામાં ઓછા 8 અક્ષરનો હોવો જોઈએ';

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'gu',
  resources: { gu: { common, messages } },
  interpolation: { escapeValue: false },
});

function ResetForm() {
  const form = useForm<RecoveryResetFormInput>({
    resolver: zodResolver(recoveryResetFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  return (
    <form noValidate>
      <FormField form={form} name="password" kind="password" label="new" required />
      <FormField form={form} name="confirmPassword" kind="password" label="again" required />
      <output data-testid="held">{password}</output>
    </form>
  );
}

const page = (
  <I18nextProvider i18n={i18n}>
    <MantineProvider>
      <ResetForm />
    </MantineProvider>
  </I18nextProvider>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** The server's page, typed into (`typed`), with the focus in `focus`, then taken over by React. */
async function typeThenTakeOver(typed: [string, string], focus: 0 | 1, left: Set<number>) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  const inputs = [...container.querySelectorAll('input')];
  inputs.forEach((input, index) => {
    input.value = typed[index] ?? '';
  });
  inputs[focus]?.focus();
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    if (selector === ':user-valid, :user-invalid') return left.has(inputs.indexOf(this as HTMLInputElement));
    return matches.call(this, selector);
  });
  await act(async () => {
    root = hydrateRoot(container, page);
  });
  // Adopted: the watcher has heard what was typed before the takeover.
  await waitFor(() => expect(screen.getByTestId('held').textContent).toBe(typed[0]));
}

describe('a form typed into before the app takes the page over', () => {
  it('a field left and come back to before the takeover says what leaving it says', async () => {
    // recovery.spec's steps: 'short' here, the other field, then back here; React heard none of it.
    await typeThenTakeOver(['short', 'something else entirely'], 0, new Set([0, 1]));
    expect(await screen.findByText(TOO_SHORT)).toBeTruthy();
    expect(screen.getAllByText(TOO_SHORT)).toHaveLength(1);
  });

  it('a field still being typed in (never left) shows no early error', async () => {
    await typeThenTakeOver(['short', ''], 0, new Set());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText(TOO_SHORT)).toBeNull();
  });
});
