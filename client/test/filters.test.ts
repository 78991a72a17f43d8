import { describe, expect, it, vi } from "vitest";
import { setupFilters } from "../src/features/filters";

function page(): HTMLFormElement {
  document.body.innerHTML = `<form role="search" action="/search" method="get">
    <input id="q" name="q" value="cats">
    <div class="search-filters">
      <select name="time_range" data-submit-on-change><option value="">Any time</option><option value="week">Last week</option></select>
      <select name="other"><option>a</option><option>b</option></select>
      <noscript><button type="submit" class="filters-apply">Apply</button></noscript>
    </div></form>`;
  return document.querySelector("form") as HTMLFormElement;
}

describe("setupFilters", () => {
  it("submits the form when a selector changes", () => {
    const form = page();
    const submit = vi.spyOn(form, "requestSubmit").mockImplementation(() => undefined);
    setupFilters(document);
    const time = form.querySelector<HTMLSelectElement>(
      'select[name="time_range"]',
    ) as HTMLSelectElement;
    time.value = "week";
    time.dispatchEvent(new Event("change", { bubbles: true }));
    expect(submit).toHaveBeenCalledTimes(1);
    const other = form.querySelector<HTMLSelectElement>(
      'select[name="other"]',
    ) as HTMLSelectElement;
    other.dispatchEvent(new Event("change", { bubbles: true }));
    expect(submit).toHaveBeenCalledTimes(1); // only the marked selectors
  });

  it("does nothing on a page without the selectors", () => {
    document.body.innerHTML = "<p>no form</p>";
    expect(() => setupFilters(document)).not.toThrow();
  });
});
