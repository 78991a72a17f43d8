/**
 * Reads the page's client settings from `<script type="application/json" id="client-settings">`
 * (no inline script: the CSP forbids it). Missing or malformed settings fall back to defaults.
 */

export type SummaryMode = "always" | "questions" | "click" | "never";

export type HotkeyLayout = "default" | "vim";

export interface ClientSettings {
  uiLang: string;
  summaryMode: SummaryMode;
  translations: Record<string, string>;
  hotkeys: HotkeyLayout;
  /** The infinite_scroll plugin is on for this user. */
  infiniteScroll: boolean;
  /** Suggestions as you type, from this many characters; null when the user has none. */
  autocomplete: { min: number } | null;
}

const MODES: readonly string[] = ["always", "questions", "click", "never"];

export function isMode(v: unknown): v is SummaryMode {
  return typeof v === "string" && MODES.includes(v);
}

/** Parses the JSON text of a script element by id; null when absent or invalid. */
export function readJsonScript(doc: Document, id: string): unknown {
  const el = doc.getElementById(id);
  if (el?.getAttribute("type") !== "application/json") return null;
  try {
    return JSON.parse(el?.textContent ?? "");
  } catch {
    return null;
  }
}

export function readSettings(doc: Document): ClientSettings {
  const raw = readJsonScript(doc, "client-settings");
  const obj = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const translations: Record<string, string> = {};
  if (typeof obj.translations === "object" && obj.translations !== null) {
    for (const [k, v] of Object.entries(obj.translations)) {
      if (typeof v === "string") translations[k] = v;
    }
  }
  return {
    uiLang:
      doc.documentElement.lang || (typeof obj.ui_lang === "string" ? obj.ui_lang : "") || "en",
    summaryMode: isMode(obj.ai_summary_mode) ? obj.ai_summary_mode : "always",
    translations,
    hotkeys: obj.hotkeys === "vim" ? "vim" : "default",
    infiniteScroll: obj.infinite_scroll === true,
    autocomplete: readAutocomplete(obj.autocomplete),
  };
}

function readAutocomplete(raw: unknown): { min: number } | null {
  if (typeof raw !== "object" || raw === null) return null;
  const min = (raw as Record<string, unknown>).min;
  return { min: typeof min === "number" && Number.isInteger(min) && min >= 0 ? min : 4 };
}
