import { useTranslation } from 'react-i18next';
import classes from '../../components/Skeletons.module.css';

/** Shown in the main area while a page's code downloads. */
export function PageFallback() {
  const { t } = useTranslation('common');
  // A progress bar (indeterminate) so its name, 'Loading', is read: a plain element's label is not.
  return (
    <div className={classes.list} role="progressbar" aria-busy="true" aria-label={t('loading')}>
      <div className={classes.bone} style={{ height: 32, width: '50%' }} />
      <div className={classes.bone} style={{ height: 120 }} />
      <div className={classes.bone} style={{ height: 120 }} />
    </div>
  );
}
