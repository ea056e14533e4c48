import { useTranslation } from 'react-i18next';
import classes from './Skeletons.module.css';

/** Placeholder cards shown while a list or a profile loads. */
export function CardSkeletons({ count = 3, avatar = true }: { count?: number; avatar?: boolean }) {
  const { t } = useTranslation('common');
  // A progress bar (indeterminate) so its name, 'Loading', is read: a plain element's label is not.
  return (
    <div className={classes.list} role="progressbar" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical, static placeholders
        <div key={i} className={classes.card}>
          <div className={classes.head}>
            {avatar && (
              <div className={`${classes.bone} ${classes.circle}`} style={{ width: 44, height: 44 }} />
            )}
            <div className={classes.lines}>
              <div className={classes.bone} style={{ height: 12, width: '40%' }} />
              <div className={classes.bone} style={{ height: 10, width: '25%' }} />
            </div>
          </div>
          <div className={classes.bone} style={{ height: 10, marginTop: 'var(--mantine-spacing-md)' }} />
          <div className={classes.bone} style={{ height: 10, marginTop: 8, width: '80%' }} />
        </div>
      ))}
    </div>
  );
}
