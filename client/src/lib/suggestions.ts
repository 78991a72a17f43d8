/**
 * The search box's contract with `/autocompleter`: the partial query POSTed in the body (so it
 * is in no URL or access log), the answer `[q, [s1, s2, …]]` checked before anything is shown.
 * Every request can be aborted and has a timeout.
 */

import { deadline } from "./deadline";

export const MAX_SHOWN = 10;

/** The suggestions of an answer to `query`; null when it is no answer to that query. */
export function parseSuggestions(raw: unknown, query: string): string[] | null {
  if (!Array.isArray(raw) || raw.length < 2 || raw[0] !== query || !Array.isArray(raw[1]))
    return null;
  const out: string[] = [];
  for (const item of raw[1]) {
    if (typeof item === "string" && item.trim() && !out.includes(item)) out.push(item);
    if (out.length === MAX_SHOWN) break;
  }
  return out;
}

/** Whether a query is worth asking about: long enough, or a bang being typed (`!…`, `!!…`). */
export function worthAsking(query: string, min: number): boolean {
  if (!query.trim()) return false;
  if (/(^|\s)!\S*$/.test(query)) return true;
  return query.trim().length >= Math.max(min, 1);
}

export interface AskOptions {
  signal: AbortSignal;
  timeoutMs: number;
  fetchFn?: typeof fetch;
  url?: string;
}

/**
 * The suggestions for `query`, or null when the request failed, timed out, was aborted or
 * answered something else: the box then shows nothing, never an error.
 */
export async function askSuggestions(query: string, opts: AskOptions): Promise<string[] | null> {
  const limit = deadline(opts.timeoutMs, opts.signal);
  try {
    const response = await (opts.fetchFn ?? fetch)(opts.url ?? "/autocompleter", {
      method: "POST",
      body: new URLSearchParams({ q: query }),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: limit.signal,
    });
    if (!response.ok) return null;
    return parseSuggestions(await response.json(), query);
  } catch {
    return null;
  } finally {
    limit.done();
  }
}
