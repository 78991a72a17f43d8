import { describe, expect, it } from "vitest";
import { readPlace, tileTemplate } from "../src/lib/place";

const TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

describe("readPlace", () => {
  it("reads coordinates, bounding box, outline and tiles", () => {
    const place = readPlace({
      lat: "52.516270",
      lon: "13.377703",
      bbox: "[52.516087, 52.51645, 13.3775512, 13.3778502]",
      geojson:
        '{"type": "Polygon", "coordinates": [[[13.37, 52.51], [13.38, 52.51], [13.37, 52.52]]]}',
      tiles: TILES,
      maxZoom: "19",
    });
    expect(place).toEqual({
      lat: 52.51627,
      lon: 13.377703,
      bbox: [52.516087, 52.51645, 13.3775512, 13.3778502],
      geojson: {
        type: "Polygon",
        coordinates: [
          [
            [13.37, 52.51],
            [13.38, 52.51],
            [13.37, 52.52],
          ],
        ],
      },
      tiles: TILES,
      maxZoom: 19,
    });
  });

  it.each([
    [{ lat: "91", lon: "0", tiles: TILES }],
    [{ lat: "0", lon: "-181", tiles: TILES }],
    [{ lat: "", lon: "1", tiles: TILES }],
    [{ lat: "NaN", lon: "1", tiles: TILES }],
    [{ lat: "1", lon: "1" }],
    [{ lat: "1", lon: "1", tiles: "javascript:alert(1)//{z}{x}{y}" }],
  ])("refuses %j", (data) => {
    expect(readPlace(data)).toBeNull();
  });

  it("drops a bounding box or an outline it cannot use, keeps the place", () => {
    for (const bbox of [
      "[1, 2, 3]",
      "[95, 96, 1, 2]",
      "[2, 1, 0, 0]",
      '["a", 1, 2, 3]',
      "{not json",
    ]) {
      expect(readPlace({ lat: "1", lon: "2", tiles: TILES, bbox })?.bbox).toBeNull();
    }
    for (const geojson of ['{"type": "Script"}', "[1, 2]", "null", "{"]) {
      expect(readPlace({ lat: "1", lon: "2", tiles: TILES, geojson })?.geojson).toBeNull();
    }
    expect(readPlace({ lat: "1", lon: "2", tiles: TILES, maxZoom: "x" })?.maxZoom).toBe(19);
  });
});

describe("tileTemplate", () => {
  it.each([
    ["/map_tile/{z}/{x}/{y}", "/map_tile/{z}/{x}/{y}"],
    [TILES, TILES],
    ["//evil.example/{z}/{x}/{y}", null],
    ["data:image/png,{z}{x}{y}", null],
    ["https://tile.example/{z}/{x}", null],
    ["", null],
  ])("%s -> %s", (raw, expected) => {
    expect(tileTemplate(raw)).toBe(expected);
  });
});
