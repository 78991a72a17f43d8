/**
 * UI strings of the client (the summary box, the search box's suggestions): English built in, each key
 * overridable by the server's
 * `translations` in the client settings; plural-aware "Based on N search snippets".
 */

export const STRINGS = {
  title: "AI summary",
  basis_one: "Based on {n} search snippet",
  basis_other: "Based on {n} search snippets",
  loading: "Generating a summary…",
  reading_one: "Reading {n} page…",
  reading_other: "Reading {n} pages…",
  basis_pages_one: "Based on {n} page",
  basis_pages_other: "Based on {n} pages",
  basis_mixed: "{pages} and {snippets}",
  snippets_one: "{n} snippet",
  snippets_other: "{n} snippets",
  pages_read: "Pages read:",
  cached: "cached",
  not_grounded: "Not based on the search results.",
  stopped: "Stopped.",
  interrupted_note: "The answer was cut off before it was complete.",
  announce_started: "Answer started",
  announce_ready: "Answer ready",
  stop: "Stop",
  retry: "Retry",
  regenerate: "Regenerate",
  copy: "Copy",
  copied: "Copied",
  show_more: "Show more",
  show_less: "Show less",
  ask: "Summarize the results with AI",
  sources: "Sources",
  flag_weak: "No cited result supports this sentence",
  flag_uncited: "This sentence cites no result",
  flag_opposite: "The cited source says the opposite",
  may_not_answer: "The results may not answer this question; check the sources.",
  no_answer: "No answer in the results",
  answered_in: "Answered in {lang}",
  used: "Cited:",
  // The conversation under the answer: follow-ups, related questions, share links.
  follow_up: "Ask a follow-up",
  send: "Ask",
  related: "Related questions",
  searched_for: "Searched for:",
  turns_used: "This conversation has no questions left. Search again to ask more.",
  share: "Share",
  share_link: "Link to this answer:",
  share_ready: "Share link ready",
  link_copied: "Share link copied",
  // The search box's suggestions: the list's name, and the count a screen reader hears.
  suggestions: "Suggestions",
  suggest_count_one: "{n} suggestion",
  suggest_count_other: "{n} suggestions",
  // Messages for the server's error codes (and "network", "unknown", client-side ones).
  "error.not_configured": "The AI summary is not set up on this server.",
  "error.bad_request": "The summary request was not understood.",
  "error.forbidden": "The AI summary is not allowed from here.",
  "error.bad_signature": "These results could not be verified. Reload the page.",
  "error.expired": "These results are too old to summarize. Reload the page.",
  "error.busy": "The AI is busy with other requests. Try again in a moment.",
  "error.rate_limited": "Too many summaries requested. Wait a little and try again.",
  "error.llm_unreachable": "The AI server cannot be reached.",
  "error.llm_rejected": "The AI server refused the request.",
  "error.llm_failed": "The AI server failed to answer.",
  "error.first_token_timeout": "The AI took too long to start answering.",
  "error.idle_timeout": "The AI stopped answering midway.",
  "error.deadline": "The answer took too long and was stopped.",
  "error.interrupted": "The answer was interrupted before it was complete.",
  "error.no_answer": "The AI gave no answer for these results.",
  "error.bad_conversation": "This conversation has expired. Search again to ask more.",
  "error.disabled": "This is turned off on this server.",
  "error.store_unavailable": "The answer could not be saved for sharing. Try again later.",
  "error.no_results": "The search for this question found no results to answer from.",
  "error.network": "The connection to the server failed.",
  "error.unknown": "Something went wrong while summarizing.",
} as const;

export type StringKey = keyof typeof STRINGS;

/** The strings that count: `basis` for `basis_one` and `basis_other`. */
export type PluralBase = {
  [K in StringKey]: K extends `${infer B}_one`
    ? `${B}_other` extends StringKey
      ? B
      : never
    : never;
}[StringKey];

export class I18n {
  private readonly plural: Intl.PluralRules;

  constructor(
    readonly lang: string,
    private readonly overrides: Readonly<Record<string, string>> = {},
  ) {
    this.plural = new Intl.PluralRules(safeLocale(lang));
  }

  t(key: StringKey, vars: Readonly<Record<string, string | number>> = {}): string {
    return fill(this.overrides[key] ?? STRINGS[key], vars);
  }

  /**
   * A string that counts (`<base>_one`, `<base>_other`), in the plural form the UI language
   * uses for n: the page sends one per plural category (`basis_one`, `basis_few`,
   * `basis_many`, `basis_other`…); a missing category falls back to `_other`, then English.
   */
  count(base: PluralBase, n: number, vars: Readonly<Record<string, string | number>> = {}): string {
    const category = this.plural.select(n);
    const values = { n, ...vars };
    const own = this.overrides[`${base}_${category}`];
    if (own) return fill(own, values);
    return this.t(`${base}_${category === "one" ? "one" : "other"}`, values);
  }

  /** "Based on N search snippets". */
  basis(n: number): string {
    return this.count("basis", n);
  }

  /** "Based on 3 pages and 2 snippets" (or "Based on 3 pages" when every source was read). */
  basisRead(pages: number, snippets: number): string {
    const read = this.count("basis_pages", pages);
    if (snippets === 0) return read;
    return this.t("basis_mixed", { pages: read, snippets: this.count("snippets", snippets) });
  }

  /** "Reading 3 pages…" */
  reading(n: number): string {
    return this.count("reading", n);
  }

  /**
   * The plain message for an error code: a translation from the page first, then the
   * server's own plain message, then the built-in English one (generic for unknown codes).
   */
  errorMessage(code: string, serverMessage = ""): string {
    const key = `error.${code}`;
    const translated = this.overrides[key];
    if (translated) return translated;
    if (serverMessage) return serverMessage;
    return key in STRINGS ? this.t(key as StringKey) : this.t("error.unknown");
  }
}

function fill(template: string, vars: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m));
}

/** "English" for "en", in the UI language; the code itself when the browser cannot name it. */
export function languageName(code: string, uiLang: string): string {
  try {
    return new Intl.DisplayNames([safeLocale(uiLang)], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function safeLocale(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? "en";
  } catch {
    return "en";
  }
}
