import { type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, useCallback, useEffect, useRef } from 'react';
import { type FieldValues, get, type Path, type UseFormReturn, useFormState } from 'react-hook-form';
import { useFieldError } from '../lib/errors';
import { GrowingTextarea, type GrowingTextareaProps } from './GrowingTextarea';
import { PasswordField } from './PasswordField';

interface FieldOf<T extends FieldValues> {
  /** The form from react-hook-form's useForm. */
  form: UseFormReturn<T>;
  name: Path<T>;
}

type Common<T extends FieldValues> = FieldOf<T> & {
  onChange?: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => void;
};

export type FormFieldProps<T extends FieldValues> =
  | (Common<T> & { kind?: 'text' | 'email' | 'password' } & Omit<
        TextInputProps,
        'name' | 'error' | 'form' | 'onChange'
      >)
  | (Common<T> & { kind: 'textarea' } & Omit<GrowingTextareaProps, 'name' | 'error' | 'form' | 'onChange'>);

/**
 * One input of a react-hook-form form: registered by name, its validation error translated under
 * it. `onChange` runs before the form reads the value (so it may clean the input first).
 */
export function FormField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { form, name, kind = 'text', onChange, ...rest } = props;
  const fieldError = useFieldError();
  const state = useFormState({ control: form.control, name });
  const error = fieldError(form.getFieldState(name, state).error?.message);
  const { ref: registerRef, ...field } = form.register(name);
  const element = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const ref = useCallback(
    (node: HTMLInputElement | HTMLTextAreaElement | null) => {
      element.current = node;
      registerRef(node);
    },
    [registerRef],
  );
  useAdoptTypedBeforeHydration(form, name, element, field.onChange, field.onBlur);
  const handle = (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => {
    onChange?.(event);
    return field.onChange(event);
  };
  const bound = { ...field, ref, onChange: handle, error };
  if (kind === 'textarea') return <GrowingTextarea {...(rest as GrowingTextareaProps)} {...bound} />;
  if (kind === 'password') return <PasswordField {...(rest as PasswordInputProps)} {...bound} />;
  // Every email field asks the same of the browser: its keyboard, autofill and no capitals.
  const email =
    kind === 'email'
      ? ({ type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none' } as const)
      : undefined;
  return <TextInput {...email} {...(rest as TextInputProps)} {...bound} />;
}

/**
 * A server-rendered form (/login, /signup) can be typed into before the app takes the page over. React
 * keeps that text on screen and react-hook-form reads it when the field registers, but tells no
 * watcher, so a page that enables its button from `useWatch` stayed disabled until the member typed
 * again. So what is on screen is handed to react-hook-form's own change handler, as if typed now:
 * watchers hear it and the form's mode decides what is validated; a field the member has already
 * left is left again, as if now. (Validating every field there and then showed an error under the one
 * the member was still in — "at least 8 characters" for a password typed on after the takeover — which
 * the mode then kept until the field lost focus; that late message moved the Login button out from
 * under the tap that left the field.)
 * Keystrokes while React takes the page over can reach the field without reaching React (the field's
 * value tracker was set after the browser changed it), so after every input the field checks that
 * the form holds what is on screen. The microtasks: the page's own effects, and React's handling of
 * the same input, have run by then.
 */
function useAdoptTypedBeforeHydration<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  element: { current: HTMLInputElement | HTMLTextAreaElement | null },
  onChange: (event: { target: HTMLInputElement | HTMLTextAreaElement; type: string }) => unknown,
  onBlur: (event: { target: HTMLInputElement | HTMLTextAreaElement; type: string }) => unknown,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field is registered once; its handler is stable
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const hand = () => void onChange({ target: node, type: 'change' });
    queueMicrotask(() => {
      const typed = node.value;
      // A form filled from the member's data (their profile) starts with that: nothing was typed.
      const initial: unknown = get(form.formState.defaultValues, name);
      if (typed === '' || typed === node.defaultValue || typed === String(initial ?? '')) return;
      hand();
      // Left before the takeover: the field shows what leaving it shows, so a button kept disabled by
      // it is explained ("at least 8 characters" under a new password). The focus being elsewhere is
      // not the only sign: a member who left the field and came back to it before React listened (or
      // while React was still taking the page over, which drops a blur on a field it does not hold
      // yet) is in it again, and the browser alone remembers the leaving.
      if (document.activeElement !== node || changedAndLeft(node))
        void onBlur({ target: node, type: 'blur' });
    });
    const check = () =>
      queueMicrotask(() => {
        if (node.value !== String(form.getValues(name) ?? '')) hand();
      });
    node.addEventListener('input', check);
    return () => node.removeEventListener('input', check);
  }, []);
}

/**
 * Whether the member changed the field and then left it: the browser's own record (its "user validity",
 * which `:user-valid` and `:user-invalid` read), kept from the page's first keystroke, before any script
 * of ours ran; a field still being typed in has none yet. A browser that does not know the selectors
 * throws: then only the focus tells.
 */
function changedAndLeft(node: Element): boolean {
  try {
    return node.matches(':user-valid, :user-invalid');
  } catch {
    return false;
  }
}
