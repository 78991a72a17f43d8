/**
 * Map tab: "Show map" draws a place's map only when clicked. Before the click nothing is asked
 * for (no map code, no tile); the first click loads the map chunk (Leaflet) and its styles, the
 * next ones hide and show the same map. Without JavaScript the button stays hidden and the
 * page's link to openstreetmap.org is there.
 */

import { type Place, readPlace } from "../lib/place";

type Mount = (box: HTMLElement, place: Place) => Promise<void>;

async function loadMount(): Promise<Mount> {
  const { mountMap } = await import("./map");
  return mountMap;
}

function toggle(button: HTMLButtonElement, figure: HTMLElement, label: string): void {
  const open = figure.hidden;
  figure.hidden = !open;
  button.setAttribute("aria-expanded", String(open));
  button.textContent = open ? (button.dataset.hide ?? label) : label;
}

function setup(button: HTMLButtonElement, place: Place, load: () => Promise<Mount>): void {
  const figure = button.ownerDocument.getElementById(button.getAttribute("aria-controls") ?? "");
  const box = figure?.querySelector<HTMLElement>(".map-box");
  if (!figure || !box) return;
  const label = button.textContent ?? "";
  let mounted: Promise<void> | null = null;
  button.hidden = false;
  button.addEventListener("click", () => {
    toggle(button, figure, label);
    if (mounted || figure.hidden) return;
    mounted = load()
      .then((mount) => mount(box, place))
      .catch(() => {
        // the chunk could not load (offline, blocked): no empty map is left, the link stays
        figure.hidden = true;
        button.hidden = true;
      });
  });
}

/** Show each usable "Show map" button; the map code loads on the first click of one. */
export function setupMaps(doc: Document, load: () => Promise<Mount> = loadMount): void {
  for (const button of doc.querySelectorAll<HTMLButtonElement>("button.map-show")) {
    const place = readPlace(button.dataset);
    if (place) setup(button, place, load);
  }
}
