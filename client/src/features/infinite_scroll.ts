/**
 * Infinite scroll (the `infinite_scroll` plugin): when the page links come into view, the next
 * results page is fetched and its results are appended to the list; the links then point one
 * page further. Without JavaScript, or when a fetch fails, the page links work as before.
 * The next page is this site's own HTML, parsed inert (no script runs); only its result items
 * are kept, without scripts, frames or handler attributes.
 */

import { deadline } from "../lib/deadline";
import { setupVideoEmbeds } from "./video_embed";

const TIMEOUT_MS = 15_000;

export interface ScrollDeps {
  /** The HTML of a results page; rejects on a network error, a timeout or a non-2xx answer. */
  fetchPage: (url: string, signal: AbortSignal) => Promise<string>;
  /** Calls `load` whenever `target` comes near the viewport: `again()` asks once more (after a page
   * was appended, the links may still be in view), `stop()` ends it. */
  observe: (target: Element, load: () => void) => { again: () => void; stop: () => void };
}

async function fetchPage(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, {
    credentials: "same-origin",
    signal,
    headers: { Accept: "text/html" },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

function observe(target: Element, load: () => void): { again: () => void; stop: () => void } {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    },
    { rootMargin: "600px 0px" },
  );
  observer.observe(target);
  return {
    again: () => {
      observer.unobserve(target); // observing anew reports the current state at once
      observer.observe(target);
    },
    stop: () => observer.disconnect(),
  };
}

const DEFAULTS: ScrollDeps = { fetchPage, observe };

/** A same-origin page link of the current page (never another site's, whatever the HTML says). */
function nextUrl(nav: Element, base: string): string | null {
  const href = nav.querySelector<HTMLAnchorElement>("a[rel=next]")?.getAttribute("href");
  if (!href) return null;
  const url = new URL(href, base);
  return url.origin === new URL(base).origin && url.pathname === "/search" ? url.href : null;
}

/** Appends the next page's results to `list`; returns the next page's pagination, or null. */
function append(doc: Document, list: Element, html: string): Element | null {
  const next = new DOMParser().parseFromString(html, "text/html");
  const items = next.querySelectorAll("ol.results > li");
  const fragment = doc.createDocumentFragment();
  for (const item of items) {
    const copy = doc.importNode(item, true);
    for (const el of copy.querySelectorAll("script, iframe, object, embed")) el.remove();
    for (const el of [copy, ...copy.querySelectorAll("*")]) {
      // ids repeat from page to page (result-1 ...): the appended ones keep none; no handler survives
      for (const name of el.getAttributeNames()) {
        if (name === "id" || name.startsWith("on")) el.removeAttribute(name);
      }
    }
    fragment.append(copy);
  }
  setupVideoEmbeds(fragment);
  list.append(fragment);
  return items.length ? next.querySelector("nav.pagination") : null;
}

/** Loads further pages into `ol.results` as the pagination comes into view. */
export function setupInfiniteScroll(doc: Document, deps: ScrollDeps = DEFAULTS): void {
  const list = doc.querySelector("ol.results");
  const nav = doc.querySelector("nav.pagination");
  if (!list || !nav) return;
  let loading = false;
  let watch = { again: () => {}, stop: () => {} };
  const load = async () => {
    const url = nextUrl(nav, doc.location.href);
    if (loading || !url) return;
    loading = true;
    nav.setAttribute("aria-busy", "true");
    const limit = deadline(TIMEOUT_MS);
    try {
      const following = append(doc, list, await deps.fetchPage(url, limit.signal));
      const links = following ? [...following.querySelectorAll("a[rel=next]")] : [];
      nav.replaceChildren(...links.map((a) => doc.importNode(a, true)));
      loading = false;
      if (links.length) watch.again();
      else watch.stop();
    } catch {
      watch.stop(); // the links stay: the reader goes on by hand
    } finally {
      limit.done();
      nav.removeAttribute("aria-busy");
      loading = false;
    }
  };
  watch = deps.observe(nav, () => void load());
}
