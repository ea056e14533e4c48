import type { PageData } from '../../../app/pageData';
import { slidesQuery } from '../api/slides';

/** The carousel's slides, for everyone. */
export const pageData: PageData = ({ client }) => client.prefetchQuery(slidesQuery);
