/**
 * The map of one place (the lazily loaded chunk, with Leaflet): tiles from the page's template,
 * the place's outline (or a circle at its coordinates), fitted to its bounding box. Leaflet's own
 * attribution control is off: the page renders the attribution itself as text (no markup from
 * settings or results reaches the map).
 */

import {
  circleMarker,
  geoJSON,
  type LatLngBoundsExpression,
  type Layer,
  map,
  tileLayer,
} from "leaflet";
import leafletCss from "leaflet/dist/leaflet.css?url";
import type { Place } from "../lib/place";

let styles: Promise<void> | null = null;

/** Leaflet's styles, once per page, before the first map is drawn (tiles need them to sit right). */
function loadStyles(doc: Document): Promise<void> {
  styles ??= new Promise((resolve) => {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = leafletCss;
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    doc.head.append(link);
  });
  return styles;
}

function outline(place: Place): Layer {
  const marker = () => circleMarker([place.lat, place.lon], { radius: 8, weight: 2 });
  if (!place.geojson) return marker();
  try {
    return geoJSON(place.geojson, {
      pointToLayer: (_feature, at) => circleMarker(at, { radius: 8, weight: 2 }),
      style: { weight: 2 },
    });
  } catch {
    return marker(); // an outline Leaflet cannot draw
  }
}

export async function mountMap(box: HTMLElement, place: Place): Promise<void> {
  await loadStyles(box.ownerDocument);
  const view = map(box, {
    attributionControl: false,
    scrollWheelZoom: false,
    maxZoom: place.maxZoom,
  });
  tileLayer(place.tiles, {
    maxZoom: place.maxZoom,
    // the instance's origin only (tile servers' policies ask for a referrer; never the query)
    referrerPolicy: "origin",
  }).addTo(view);
  outline(place).addTo(view);
  if (place.bbox) {
    const [south, north, west, east] = place.bbox;
    const bounds: LatLngBoundsExpression = [
      [south, west],
      [north, east],
    ];
    view.fitBounds(bounds, { maxZoom: Math.min(17, place.maxZoom), padding: [12, 12] });
  } else {
    view.setView([place.lat, place.lon], Math.min(16, place.maxZoom));
  }
}
