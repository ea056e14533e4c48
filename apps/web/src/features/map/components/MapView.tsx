// The map itself: Leaflet needs a browser (it reads `window` as it loads), so the page loads this
// part only once the app has taken the page over (pages/CommunityMap.tsx).
import 'leaflet/dist/leaflet.css';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_ZOOM } from '@samaj/core';
import { MapContainer, TileLayer } from 'react-leaflet';

export default function MapView({
  className,
  label,
  tileUrl,
  tileAttribution,
}: {
  className: string;
  label: string;
  tileUrl: string;
  tileAttribution: string;
}) {
  return (
    <MapContainer
      className={className}
      center={[MAP_CENTER[0], MAP_CENTER[1]]}
      zoom={MAP_ZOOM}
      minZoom={MAP_MIN_ZOOM}
      maxZoom={MAP_MAX_ZOOM}
      scrollWheelZoom
      aria-label={label}
    >
      {/* The tile host and its attribution are the operator's choice (TILE_URL); the CSP allows only that host. */}
      <TileLayer url={tileUrl} attribution={tileAttribution} minZoom={MAP_MIN_ZOOM} maxZoom={MAP_MAX_ZOOM} />
    </MapContainer>
  );
}
