import type { PageData } from '../../../app/pageData';
import { surnamesQuery } from '../api/useSurnames';

/** The whole directory, for everyone (the search filters it in the page). */
export const pageData: PageData = ({ client }) => client.prefetchQuery(surnamesQuery);
