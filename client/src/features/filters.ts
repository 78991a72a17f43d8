/**
 * Results page: the time range, safe search and language selectors search again as soon as one
 * changes. Without JavaScript the form's Apply button does it; with it the button is hidden.
 */

/** Submit the search form when a `select[data-submit-on-change]` changes; hide the Apply button. */
export function setupFilters(doc: Document): void {
  const box = doc.querySelector<HTMLElement>(".search-filters");
  const form = box?.closest("form");
  if (!box || !form) return;
  for (const select of box.querySelectorAll<HTMLSelectElement>("select[data-submit-on-change]")) {
    select.addEventListener("change", () => form.requestSubmit());
  }
  const apply = box.querySelector<HTMLButtonElement>(".filters-apply");
  if (apply) apply.hidden = true;
}
