import { Alert } from '@mantine/core';

/** Why a form's last submit failed, announced to screen readers; nothing while there is no failure. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" variant="light">
      {message}
    </Alert>
  );
}
