import 'leaflet/dist/leaflet.css';
import { Alert, Skeleton, Title } from '@mantine/core';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_ZOOM } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer } from 'react-leaflet';
import { PageMeta } from '../../../lib/head';
import { usePublicConfig } from '../../../lib/publicConfig';
import classes from './CommunityMap.module.css';

export default function CommunityMap() {
  const { t } = useTranslation('map');
  const { t: tc } = useTranslation('errors');
  const config = usePublicConfig();
  return (
    <div className={classes.page}>
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1} className="samaj-sr-only">
        {t('title')}
      </Title>
      {config.data ? (
        <MapContainer
          className={classes.map}
          center={[MAP_CENTER[0], MAP_CENTER[1]]}
          zoom={MAP_ZOOM}
          minZoom={MAP_MIN_ZOOM}
          maxZoom={MAP_MAX_ZOOM}
          scrollWheelZoom
          aria-label={t('label')}
        >
          {/* The tile host and its attribution are the operator's choice (TILE_URL); the CSP allows only that host. */}
          <TileLayer
            url={config.data.tileUrl}
            attribution={config.data.tileAttribution}
            minZoom={MAP_MIN_ZOOM}
            maxZoom={MAP_MAX_ZOOM}
          />
        </MapContainer>
      ) : config.isError ? (
        <Alert color="red" title={tc('crash.title')}>
          {tc('crash.message')}
        </Alert>
      ) : (
        <Skeleton className={classes.map} />
      )}
    </div>
  );
}
