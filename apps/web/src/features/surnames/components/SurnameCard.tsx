import {
  formatCount,
  isMissingDetails,
  SURNAME_PREVIEW_CHARS,
  type SurnameView,
  truncateGraphemes,
} from '@samaj/core';
import { IconInfoCircle, IconUsers } from '@tabler/icons-react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberKey } from '../lib/count';
import { htmlToText } from '../lib/html';
import classes from './SurnameCard.module.css';

/**
 * One surname in the directory (docs/product/surnames.md, "Surname list"). Memoized: typing in the search
 * re-renders only new cards.
 */
export const SurnameCard = memo(function SurnameCard({ surname }: { surname: SurnameView }) {
  const { t } = useTranslation('surnames');
  // Sanitizing and parsing a description is the costly part of a card: once per description.
  const preview = useMemo(() => htmlToText(surname.description), [surname.description]);
  return (
    <Link
      to={`/surname/${encodeURIComponent(surname.name)}`}
      className={classes.card}
      data-testid="surname-card"
    >
      <div className={classes.stack}>
        <div className={classes.title}>
          <span className={classes.guj} lang="gu">
            {surname.name_guj}
          </span>
          <span className={classes.latin} lang="en">
            {surname.name}
          </span>
        </div>
        <div className={`${classes.row} ${classes.dimmed}`}>
          <IconUsers size={16} aria-hidden />
          <span data-testid="surname-members">
            {t(memberKey(surname.user_count, 'card'), { n: formatCount(surname.user_count) })}
          </span>
        </div>
        {preview && (
          <p className={classes.preview} data-testid="surname-preview">
            {truncateGraphemes(preview, SURNAME_PREVIEW_CHARS)}
          </p>
        )}
        {isMissingDetails(surname) && (
          <div className={classes.hint}>
            <IconInfoCircle size={16} aria-hidden />
            <span data-testid="surname-hint">{t('card.hint')}</span>
          </div>
        )}
      </div>
    </Link>
  );
});

/** The four empty cards shown while the list loads. */
export function SurnameCardSkeleton() {
  return <div className={classes.skeleton} data-testid="surname-skeleton" />;
}
