import { useExactTime, useExactTooltip, useTimeAgo } from '../lib/time';
import classes from './RelativeTime.module.css';

/**
 * A moment as a `<time>` element: 'n minutes ago' (docs/product/errors.md, "Formats") with the exact time on
 * hover, or the exact date and time (`exact`, for staff who need to know when precisely). Small and dimmed,
 * unless `inherit`: then in the size and colour of the words around it.
 */
export function RelativeTime({
  date,
  exact = false,
  inherit = false,
}: {
  date: string;
  exact?: boolean;
  inherit?: boolean;
}) {
  const ago = useTimeAgo();
  const full = useExactTime();
  const tooltip = useExactTooltip(date);
  const value = new Date(date);
  return (
    <time
      dateTime={value.toISOString()}
      {...(exact ? {} : tooltip)}
      className={inherit ? undefined : classes.time}
    >
      {exact ? full(value) : ago(value)}
    </time>
  );
}
