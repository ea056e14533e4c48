import { Alert, Skeleton, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import { useHydrated } from '../../../lib/hydrated';
import { usePublicConfig } from '../../../lib/publicConfig';
import classes from './CommunityMap.module.css';

// Leaflet only in the browser: the server renders the map's place, the same size.
const MapView = lazy(() => import('../components/MapView'));

export default function CommunityMap() {
  const { t } = useTranslation('map');
  const { t: tc } = useTranslation('errors');
  const config = usePublicConfig();
  const hydrated = useHydrated();
  const placeholder = <Skeleton className={classes.map} />;
  return (
    <div className={classes.page}>
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1} className="samaj-sr-only">
        {t('title')}
      </Title>
      {config.data ? (
        hydrated ? (
          <Suspense fallback={placeholder}>
            <MapView
              className={classes.map}
              label={t('label')}
              tileUrl={config.data.tileUrl}
              tileAttribution={config.data.tileAttribution}
            />
          </Suspense>
        ) : (
          placeholder
        )
      ) : config.isError ? (
        <Alert color="red" title={tc('crash.title')}>
          {tc('crash.message')}
        </Alert>
      ) : (
        placeholder
      )}
    </div>
  );
}
