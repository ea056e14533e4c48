import { useTranslation } from 'react-i18next';
import { useCommunityName } from '../../../lib/head';
import { useCommunityAbout } from '../../../lib/publicConfig';
import classes from './Feed.module.css';

/** The about note and the copyright line (from the operator's configuration). */
export function FeedSidebar() {
  const { t } = useTranslation('posts');
  const about = useCommunityAbout();
  const name = useCommunityName();
  return (
    <aside className={classes.aside}>
      <div className={classes.about}>
        <h2 className={classes.aboutTitle}>{t('sidebar.about')}</h2>
        <p className={classes.aboutText}>{about}</p>
      </div>
      <p className={classes.copyright}>{t('sidebar.copyright', { year: new Date().getFullYear(), name })}</p>
    </aside>
  );
}
