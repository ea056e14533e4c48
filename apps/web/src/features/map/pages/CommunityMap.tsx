import { Alert, Text, Title } from '@mantine/core';
import { eventCoordinatesSchema, truncateGraphemes } from '@samaj/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from '../../../lib/head';
import { useHydrated } from '../../../lib/hydrated';
import { usePublicConfig } from '../../../lib/publicConfig';
import type { MapFocus } from '../components/MapView';
import classes from './CommunityMap.module.css';

// Leaflet only in the browser: the server renders the map's place, the same size.
const MapView = lazy(() => import('../components/MapView'));

const PLACE_MAX = 200;

/**
 * `?lat=&lng=&place=`: a place the map opens on, marked (other features link here with a URL, such as
 * an event's location); anything else opens the map as the spec draws it, centred on Gujarat.
 */
function useFocus(): MapFocus | null {
  const [params] = useSearchParams();
  const lat = params.get('lat');
  const lng = params.get('lng');
  if (!lat || !lng) return null;
  const parsed = eventCoordinatesSchema.safeParse({ latitude: Number(lat), longitude: Number(lng) });
  if (!parsed.success) return null;
  return { ...parsed.data, place: truncateGraphemes((params.get('place') ?? '').trim(), PLACE_MAX) };
}

export default function CommunityMap() {
  const { t } = useTranslation('map');
  const { t: tc } = useTranslation('errors');
  const config = usePublicConfig();
  const hydrated = useHydrated();
  const focus = useFocus();
  const label = focus?.place ? t('labelPlace', { place: focus.place }) : t('label');
  // Until Leaflet has drawn it (it needs the browser), the map's place says what will be there: the
  // first paint already shows the page's words, not an empty grey box.
  const placeholder = (
    <div className={`${classes.map} ${classes.placeholder}`}>
      <Text size="xl" fw={600} c="dimmed" ta="center">
        {label}
      </Text>
      <Text c="dimmed" ta="center">
        {t('description')}
      </Text>
    </div>
  );
  return (
    <div className={classes.page}>
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1} className="samaj-sr-only">
        {t('title')}
      </Title>
      {focus?.place && (
        <Text className="samaj-sr-only" data-testid="map-place">
          {t('showing', { place: focus.place })}
        </Text>
      )}
      {config.data ? (
        hydrated ? (
          <Suspense fallback={placeholder}>
            <MapView
              className={classes.map}
              label={label}
              tileUrl={config.data.tileUrl}
              tileAttribution={config.data.tileAttribution}
              focus={focus}
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
