import { POST_CARD_MAX_WIDTH } from '@samaj/core';
import type { ReactNode } from 'react';
import { CardSkeletons } from '../../../components/CardSkeletons';
import classes from './Feed.module.css';

/** The member's home: the feed's column and, on a wide screen, the sidebar beside it. */
export function FeedColumns({ children, sidebar }: { children: ReactNode; sidebar?: ReactNode }) {
  return (
    <div className={classes.columns}>
      <div className={classes.column} style={{ maxWidth: POST_CARD_MAX_WIDTH }}>
        {children}
      </div>
      <div className={classes.sidebar}>{sidebar}</div>
    </div>
  );
}

/**
 * Placeholders where the feed's cards will be, in the same columns, so the cards arriving do not move
 * the page sideways on a wide screen.
 */
export function FeedSkeleton() {
  return (
    <FeedColumns>
      <div className={classes.wide}>
        <CardSkeletons count={3} />
      </div>
    </FeedColumns>
  );
}
