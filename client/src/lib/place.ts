/**
 * A place's map as the page describes it on its "Show map" button (`data-*` attributes, all
 * untrusted): coordinates, bounding box, outline and the tile URL template. Parsed and checked
 * here, before anything is drawn or asked for.
 */

export type Bounds = readonly [south: number, north: number, west: number, east: number];

export interface Place {
  readonly lat: number;
  readonly lon: number;
  readonly bbox: Bounds | null;
  readonly geojson: GeoJSON.GeoJsonObject | null;
  /** `{z}/{x}/{y}` template: a path on this instance, or an http(s) tile server */
  readonly tiles: string;
  readonly maxZoom: number;
}

const GEOMETRIES = new Set([
  "Point",
  "MultiPoint",
  "LineString",
  "MultiLineString",
  "Polygon",
  "MultiPolygon",
  "GeometryCollection",
  "Feature",
  "FeatureCollection",
]);

function number(raw: string | undefined, limit: number): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

function json(raw: string | undefined): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function bounds(raw: string | undefined): Bounds | null {
  const value = json(raw);
  if (!Array.isArray(value) || value.length !== 4) return null;
  if (!value.every((v) => typeof v === "number" && Number.isFinite(v))) return null;
  const [s, n, w, e] = value as [number, number, number, number];
  return Math.abs(s) <= 90 && Math.abs(n) <= 90 && s <= n ? [s, n, w, e] : null;
}

function geometry(raw: string | undefined): GeoJSON.GeoJsonObject | null {
  const value = json(raw);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && GEOMETRIES.has(type) ? (value as GeoJSON.GeoJsonObject) : null;
}

/** The tile template, when it is one: a path on this instance or an http(s) URL with z, x and y. */
export function tileTemplate(raw: string | undefined): string | null {
  if (!raw || !["{z}", "{x}", "{y}"].every((f) => raw.includes(f))) return null;
  if (raw.startsWith("/") && !raw.startsWith("//")) return raw;
  try {
    const url = new URL(raw.replace(/[{}]/g, ""));
    return url.protocol === "https:" || url.protocol === "http:" ? raw : null;
  } catch {
    return null;
  }
}

/** The place a button describes, or null when its coordinates or tiles are not usable. */
export function readPlace(data: DOMStringMap): Place | null {
  const lat = number(data.lat, 90);
  const lon = number(data.lon, 180);
  const tiles = tileTemplate(data.tiles);
  if (lat === null || lon === null || tiles === null) return null;
  const zoom = number(data.maxZoom, 22);
  return {
    lat,
    lon,
    bbox: bounds(data.bbox),
    geojson: geometry(data.geojson),
    tiles,
    maxZoom: zoom === null ? 19 : Math.max(0, Math.round(zoom)),
  };
}
