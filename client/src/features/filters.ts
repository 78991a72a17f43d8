/**
 * Results page: the time range, safe search and language selectors search again as soon as one
 * changes. Without JavaScript the form's Apply button (in a `<noscript>`) does it.
 */

/** Submit the search form when a `select[data-submit-on-change]` changes. */
export function setupFilters(doc: Document): void {
  const box = doc.querySelector<HTMLElement>(".search-filters");
  const form = box?.closest("form");
  if (!box || !form) return;
  for (const select of box.querySelectorAll<HTMLSelectElement>("select[data-submit-on-change]")) {
    select.addEventListener("change", () => form.requestSubmit());
  }
}
