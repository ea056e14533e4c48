import {
  type PasswordInputProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ChangeEvent } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useFormState } from 'react-hook-form';
import { useFieldError } from '../lib/errors';
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
  | (Common<T> & { kind: 'textarea' } & Omit<TextareaProps, 'name' | 'error' | 'form' | 'onChange'>);

/**
 * One input of a react-hook-form form: registered by name, its validation error translated under
 * it. `onChange` runs before the form reads the value (so it may clean the input first).
 */
export function FormField<T extends FieldValues>(props: FormFieldProps<T>) {
  const { form, name, kind = 'text', onChange, ...rest } = props;
  const fieldError = useFieldError();
  const state = useFormState({ control: form.control, name });
  const error = fieldError(form.getFieldState(name, state).error?.message);
  const field = form.register(name);
  const handle = (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => {
    onChange?.(event);
    return field.onChange(event);
  };
  const bound = { ...field, onChange: handle, error };
  if (kind === 'textarea') return <Textarea {...(rest as TextareaProps)} {...bound} />;
  if (kind === 'password') return <PasswordField {...(rest as PasswordInputProps)} {...bound} />;
  // Every email field asks the same of the browser: its keyboard, autofill and no capitals.
  const email =
    kind === 'email'
      ? ({ type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none' } as const)
      : undefined;
  return <TextInput {...email} {...(rest as TextInputProps)} {...bound} />;
}
