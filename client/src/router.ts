/**
 * Page router: reads `body[data-page]` and lazily imports only the features that page
 * needs. The results page loads the AI summary box only when its placeholder is there.
 */

import { setupFilters } from "./features/filters";
import { setupHotkeys } from "./features/hotkeys";
import { setupMaps } from "./features/map_button";
import { setupVideoEmbeds } from "./features/video_embed";
import { parseSummaryData } from "./lib/protocol";
import { isQuestion } from "./lib/questions";
import {
  type ClientSettings,
  isMode,
  readJsonScript,
  readSettings,
  type SummaryMode,
} from "./lib/settings";

/**
 * What the box does on load: start at once, wait for a click, or nothing (box hidden).
 * Decided here, before the feature chunk loads, so a box that will not run never shows.
 */
export function summaryStart(
  root: HTMLElement,
  settings: ClientSettings,
  query: string,
): "always" | "click" | null {
  const placed = root.dataset.mode;
  const mode: SummaryMode =
    settings.summaryMode === "never" ? "never" : isMode(placed) ? placed : settings.summaryMode;
  if (mode === "never") return null;
  if (mode === "click") return "click";
  if (mode === "questions") return isQuestion(query, settings.uiLang) ? "always" : null;
  return "always";
}

async function results(doc: Document, settings: ClientSettings): Promise<void> {
  setupVideoEmbeds(doc);
  if (settings.infiniteScroll) {
    import("./features/infinite_scroll").then(
      ({ setupInfiniteScroll }) => setupInfiniteScroll(doc),
      () => {}, // the chunk could not load: the page links remain
    );
  }
  setupMaps(doc);
  setupFilters(doc);
  setupHotkeys(doc, settings.hotkeys);
  const root = doc.getElementById("ai-summary");
  if (!root) return;
  const data = parseSummaryData(readJsonScript(doc, "ai-summary-data"));
  const start = data ? summaryStart(root, settings, data.evidence.query) : null;
  if (!start) {
    root.hidden = true;
    return;
  }
  if (start === "click") root.dataset.state = "idle";
  try {
    const { mount } = await import("./features/summary/ai_summary");
    mount(root, settings, { start });
  } catch {
    // The chunk could not load (offline, blocked): no empty box is left behind.
    root.hidden = true;
  }
}

type Page = (doc: Document, settings: ClientSettings) => Promise<void>;

/** Features per page; "index" and "preferences" have none yet. */
const PAGES: Readonly<Record<string, Page>> = { results };

/** Every page's search box: suggestions as you type when the user has a backend on. */
function searchBox(doc: Document, settings: ClientSettings): void {
  const autocomplete = settings.autocomplete;
  if (!autocomplete || !doc.getElementById("q")) return;
  import("./features/suggest").then(
    ({ mountSearchBox }) => mountSearchBox(doc, settings, { min: autocomplete.min }),
    () => {}, // the chunk could not load: the box stays a plain search field
  );
}

export function route(doc: Document): Promise<void> {
  const settings = readSettings(doc);
  searchBox(doc, settings);
  const page = PAGES[doc.body.dataset.page ?? ""];
  return page ? page(doc, settings) : Promise.resolve();
}
