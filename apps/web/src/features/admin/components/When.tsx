import { useTranslation } from 'react-i18next';

/** A date and time the way staff need it: exact, in the reader's language. */
export function When({ date }: { date: string }) {
  const { i18n } = useTranslation();
  const value = new Date(date);
  return (
    <time dateTime={value.toISOString()}>
      {value.toLocaleString(i18n.language === 'gu' ? 'gu-IN' : 'en-IN', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })}
    </time>
  );
}
