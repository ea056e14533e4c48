import { type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, useCallback, useEffect, useRef } from 'react';
import {
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
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
  useAdoptTypedBeforeHydration(form, name, element);
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
 * A prerendered form (/login, /signup) can be typed into before the app takes the page over. React
 * keeps that text on screen and react-hook-form stores it, but tells no watcher, so a page that
 * enables its button from `useWatch` stayed disabled until the member typed again. Setting the same
 * value again is ignored as no change, so it is cleared and set back in one go (no paint between).
 * The microtask: the page's own effects have run by then.
 */
function useAdoptTypedBeforeHydration<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  element: { current: HTMLInputElement | HTMLTextAreaElement | null },
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before the first render counts
  useEffect(() => {
    queueMicrotask(() => {
      const typed = element.current?.value ?? '';
      // A form filled from the member's data (their profile) starts with that: nothing was typed.
      const initial: unknown = get(form.formState.defaultValues, name);
      if (typed === '' || typed === element.current?.defaultValue || typed === String(initial ?? '')) return;
      form.setValue(name, '' as PathValue<T, Path<T>>);
      // Validated as if typed now: a form whose button waits for `isValid` must hear of it too.
      form.setValue(name, typed as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
    });
  }, []);
}
