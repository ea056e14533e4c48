// One item of a staff queue (posts, reports, publisher applications, surname submissions): a card
// named for screen readers, and its row of decision buttons. While a decision is on its way every
// button waits and the one sent spins, so staff cannot send two decisions for one item.
import { Button, type ButtonProps, Card, Group, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export function QueueCard({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card component="article" aria-label={label} data-testid={testId}>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

/**
 * An approving decision's button: a green deep enough for its white label (5.4:1). Mantine's green at
 * the theme's filled shade is 3.4:1; kept here, with the staff screens, rather than in the theme.
 */
export const APPROVE_COLOR = '#237a34';

export interface QueueAction {
  /** Which decision (or step) this button is; `pending` names the one on its way. */
  key: string;
  label: string;
  /** A step before a decision (e.g. asking for a reason); without it the button sends `key`. */
  onClick?: () => void;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
}

export function QueueActions<D extends string>({
  actions,
  pending = null,
  busy,
  onDecide,
}: {
  actions: QueueAction[];
  pending?: string | null;
  busy: boolean;
  onDecide?: (decision: D) => void;
}) {
  return (
    <Group gap="xs">
      {actions.map((action) => (
        <Button
          key={action.key}
          color={action.color}
          variant={action.variant}
          loading={pending === action.key}
          disabled={busy}
          onClick={action.onClick ?? (() => onDecide?.(action.key as D))}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * Sends one decision through `mutate` and remembers which one is on its way until it settles
 * (the list refreshes then, and a decided item leaves it).
 */
export function usePendingDecision<D extends string>(
  mutate: (decision: D, options: { onSettled: () => void }) => void,
) {
  const [pending, setPending] = useState<D | null>(null);
  const send = (decision: D) => {
    setPending(decision);
    mutate(decision, { onSettled: () => setPending(null) });
  };
  return { pending, send };
}
