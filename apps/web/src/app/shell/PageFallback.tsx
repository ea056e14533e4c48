import { useTranslation } from 'react-i18next';
import classes from '../../components/Skeletons.module.css';

/** Shown in the main area while a page's code downloads. */
export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className={classes.list} aria-busy="true" aria-label={t('loading')}>
      <div className={classes.bone} style={{ height: 32, width: '50%' }} />
      <div className={classes.bone} style={{ height: 120 }} />
      <div className={classes.bone} style={{ height: 120 }} />
    </div>
  );
}
