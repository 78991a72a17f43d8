import { describe, expect, it, vi } from "vitest";
import { setupMaps } from "../src/features/map_button";

function page(lat = "52.5"): HTMLButtonElement {
  document.body.innerHTML = `<article class="result place"><p class="place-links">
    <a class="osm-link" href="https://www.openstreetmap.org/?mlat=52.5&mlon=13.4">View on OpenStreetMap</a>
    <button type="button" class="map-show" aria-controls="map-1" aria-expanded="false" hidden
      data-lat="${lat}" data-lon="13.4" data-tiles="/map_tile/{z}/{x}/{y}" data-hide="Hide map">Show map</button></p>
    <figure class="map-figure" id="map-1" hidden><div class="map-box"></div></figure></article>`;
  const button = document.querySelector<HTMLButtonElement>("button.map-show");
  if (!button) throw new Error("no button");
  return button;
}

const figure = () => document.getElementById("map-1") as HTMLElement;

describe("setupMaps", () => {
  it("loads nothing before the click, mounts one map on it, then only hides and shows it", async () => {
    const button = page();
    const mount = vi.fn(async (_box: HTMLElement, _place: unknown) => undefined);
    const load = vi.fn(async () => mount);
    setupMaps(document, load);
    expect(button.hidden).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(figure().hidden).toBe(true);
    button.click();
    await vi.waitFor(() => expect(mount).toHaveBeenCalledTimes(1));
    expect(mount.mock.calls[0]?.[1]).toMatchObject({
      lat: 52.5,
      lon: 13.4,
      tiles: "/map_tile/{z}/{x}/{y}",
    });
    expect(figure().hidden).toBe(false);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.textContent).toBe("Hide map");
    button.click();
    expect(figure().hidden).toBe(true);
    expect(button.textContent).toBe("Show map");
    button.click();
    expect(figure().hidden).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it("keeps the button hidden for a place it cannot draw", () => {
    const button = page("north");
    const load = vi.fn();
    setupMaps(document, load);
    expect(button.hidden).toBe(true);
  });

  it("leaves only the link when the map code cannot load", async () => {
    const button = page();
    setupMaps(document, () => Promise.reject(new Error("offline")));
    button.click();
    await vi.waitFor(() => expect(button.hidden).toBe(true));
    expect(figure().hidden).toBe(true);
    expect(document.querySelector("a.osm-link")).not.toBeNull();
  });
});
