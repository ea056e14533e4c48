// The map itself: Leaflet needs a browser (it reads `window` as it loads), so the page loads this
// part only once the app has taken the page over (pages/CommunityMap.tsx).
import 'leaflet/dist/leaflet.css';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_ZOOM } from '@samaj/core';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

/** A place the map opens on (`/community-map?lat=&lng=&place=`: an event's location, for one). */
export interface MapFocus {
  latitude: number;
  longitude: number;
  /** Its name, shown beside the marker; empty for none. */
  place: string;
}

/** How close the map opens on a place: streets and buildings readable. */
export const FOCUS_ZOOM = 16;

export default function MapView({
  className,
  label,
  tileUrl,
  tileAttribution,
  focus,
}: {
  className: string;
  label: string;
  tileUrl: string;
  tileAttribution: string;
  focus: MapFocus | null;
}) {
  return (
    <MapContainer
      className={className}
      center={focus ? [focus.latitude, focus.longitude] : [MAP_CENTER[0], MAP_CENTER[1]]}
      zoom={focus ? FOCUS_ZOOM : MAP_ZOOM}
      minZoom={MAP_MIN_ZOOM}
      maxZoom={MAP_MAX_ZOOM}
      scrollWheelZoom
      aria-label={label}
    >
      {/* The tile host and its attribution are the operator's choice (TILE_URL); the CSP allows only that host. */}
      <TileLayer url={tileUrl} attribution={tileAttribution} minZoom={MAP_MIN_ZOOM} maxZoom={MAP_MAX_ZOOM} />
      {/* A drawn circle (inline SVG in the map's own layer), not a marker image. */}
      {focus && (
        <CircleMarker
          center={[focus.latitude, focus.longitude]}
          radius={10}
          pathOptions={{ color: '#b45309', weight: 3, fillColor: '#f59e0b', fillOpacity: 0.9 }}
        >
          {focus.place && (
            <Tooltip permanent direction="top" offset={[0, -10]}>
              {focus.place}
            </Tooltip>
          )}
        </CircleMarker>
      )}
    </MapContainer>
  );
}
