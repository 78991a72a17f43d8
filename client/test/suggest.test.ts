import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mountSearchBox, type SearchBox } from "../src/features/suggest";
import { readSettings } from "../src/lib/settings";
import { askSuggestions, parseSuggestions, worthAsking } from "../src/lib/suggestions";
import { route } from "../src/router";
import { until } from "./page";

/** One /autocompleter call the fake saw: the query posted, whether it was aborted. */
interface Call {
  q: string;
  method: string;
  accept: string;
  signal: AbortSignal | null;
  answer: (suggestions: string[] | Response) => void;
}

/** A fetch whose answers the test gives, in any order (it ignores aborts unless `honourAbort`). */
function fakeSuggest(honourAbort = false): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const impl = (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const q = new URLSearchParams(String(init?.body ?? "")).get("q") ?? "";
      const signal = init?.signal ?? null;
      if (honourAbort) {
        signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      }
      calls.push({
        q,
        method: init?.method ?? "GET",
        accept: new Headers(init?.headers).get("Accept") ?? "",
        signal,
        answer: (s) =>
          resolve(
            s instanceof Response ? s : new Response(JSON.stringify([q, s]), { status: 200 }),
          ),
      });
    });
  return { fetch: impl as typeof fetch, calls };
}

function page(settings: Record<string, unknown> = {}, lang = "en"): HTMLInputElement {
  document.documentElement.lang = lang;
  document.body.replaceChildren();
  document.body.dataset.page = "index";
  const json = document.createElement("script");
  json.type = "application/json";
  json.id = "client-settings";
  json.textContent = JSON.stringify({ ui_lang: lang, ...settings });
  const form = document.createElement("form");
  form.action = "/search";
  const input = document.createElement("input");
  input.id = "q";
  input.name = "q";
  input.type = "search";
  const button = document.createElement("button");
  button.type = "submit";
  form.append(input, button);
  document.body.append(json, form);
  input.focus();
  return input;
}

function type(input: HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new InputEvent("input", { bubbles: true }));
}

function key(input: HTMLInputElement, name: string): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true });
  input.dispatchEvent(event);
  return event;
}

function mount(input: HTMLInputElement, fetchFn: typeof fetch, min = 2): SearchBox {
  const box = mountSearchBox(document, readSettings(document), { min, debounceMs: 0, fetchFn });
  if (!box) throw new Error("not mounted");
  expect(document.activeElement).toBe(input);
  return box;
}

const options = () => [...document.querySelectorAll<HTMLElement>("#q-suggestions [role=option]")];

/** Types `text`, answers the request it makes with `suggestions`, waits for the list. */
async function typeAndAnswer(
  input: HTMLInputElement,
  calls: Call[],
  text: string,
  suggestions: string[],
) {
  const before = calls.length;
  type(input, text);
  await until(() => calls.length === before + 1);
  calls[before]?.answer(suggestions);
  await until(() => options().length === suggestions.length);
}

beforeEach(() => {
  vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the contract with /autocompleter", () => {
  it("takes only an answer to the query it asked, strings only, at most ten, no repeats", () => {
    expect(parseSuggestions(["pa", ["paris", "paris", 3, "", "pacific"]], "pa")).toEqual([
      "paris",
      "pacific",
    ]);
    expect(
      parseSuggestions(["pa", Array.from({ length: 20 }, (_, i) => `p${i}`)], "pa"),
    ).toHaveLength(10);
    for (const bad of [null, {}, ["pa"], ["other", ["x"]], ["pa", "x"], "pa"]) {
      expect(parseSuggestions(bad, "pa")).toBeNull();
    }
  });

  it("asks only when the query is long enough or a bang is being typed", () => {
    expect(worthAsking("par", 4)).toBe(false);
    expect(worthAsking("pari", 4)).toBe(true);
    expect(worthAsking("!", 4)).toBe(true);
    expect(worthAsking("cats !!w", 10)).toBe(true);
    expect(worthAsking("   ", 0)).toBe(false);
  });

  it("posts the query in the body and gives null, never an error, when the request fails", async () => {
    const { fetch, calls } = fakeSuggest();
    const asked = askSuggestions("paris", {
      signal: new AbortController().signal,
      timeoutMs: 1000,
      fetchFn: fetch,
    });
    await until(() => calls.length === 1);
    expect([calls[0]?.method, calls[0]?.q, calls[0]?.accept]).toEqual([
      "POST",
      "paris",
      "application/json",
    ]);
    calls[0]?.answer(new Response("oops", { status: 500 }));
    expect(await asked).toBeNull();
    const garbage = askSuggestions("paris", {
      signal: new AbortController().signal,
      timeoutMs: 1000,
      fetchFn: async () => new Response("<html>", { status: 200 }),
    });
    expect(await garbage).toBeNull();
  });

  it("gives up after its timeout and when aborted", async () => {
    const { fetch, calls } = fakeSuggest(true);
    expect(
      await askSuggestions("a", {
        signal: new AbortController().signal,
        timeoutMs: 10,
        fetchFn: fetch,
      }),
    ).toBeNull();
    expect(calls[0]?.signal?.aborted).toBe(true);
    const stop = new AbortController();
    const asked = askSuggestions("b", { signal: stop.signal, timeoutMs: 10_000, fetchFn: fetch });
    stop.abort();
    expect(await asked).toBeNull();
    expect(calls[1]?.signal?.aborted).toBe(true);
  });
});

describe("the search box as a combobox", () => {
  it("has the combobox and listbox roles, collapsed, with the box still focused", () => {
    const input = page();
    mount(input, fakeSuggest().fetch);
    expect(input.getAttribute("role")).toBe("combobox");
    expect(input.getAttribute("aria-autocomplete")).toBe("list");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-controls")).toBe("q-suggestions");
    const list = document.getElementById("q-suggestions");
    expect(list?.getAttribute("role")).toBe("listbox");
    expect(list?.getAttribute("aria-label")).toBe("Suggestions");
    expect(list?.hidden).toBe(true);
    expect(input.parentElement?.className).toBe("suggest");
    expect(input.form).not.toBeNull();
    expect(document.querySelector("[role=status][aria-live=polite]")).not.toBeNull();
  });

  it("shows the answer as options, says how many, and moves with the arrow keys", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest();
    mount(input, fetch);
    await typeAndAnswer(input, calls, "pari", ["paris", "paris hilton", "parity"]);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(document.querySelector("[role=status]")?.textContent).toBe("3 suggestions");
    expect(options().map((o) => o.textContent)).toEqual(["paris", "paris hilton", "parity"]);
    expect(options()[1]?.querySelector("b")?.textContent).toBe("s hilton");
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);
    expect(key(input, "ArrowDown").defaultPrevented).toBe(true);
    expect(input.getAttribute("aria-activedescendant")).toBe("q-suggestions-0");
    expect(options().map((o) => o.getAttribute("aria-selected"))).toEqual([
      "true",
      "false",
      "false",
    ]);
    key(input, "ArrowUp");
    expect(input.getAttribute("aria-activedescendant")).toBe("q-suggestions-2"); // wraps around
    key(input, "ArrowDown");
    expect(input.getAttribute("aria-activedescendant")).toBe("q-suggestions-0");
    expect(input.value).toBe("pari"); // moving does not change the text
  });

  it("takes the active option with Enter and searches for it", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest();
    mount(input, fetch);
    const submitted: string[] = [];
    input.form?.addEventListener("submit", (e) => {
      e.preventDefault();
      submitted.push(input.value);
    });
    await typeAndAnswer(input, calls, "pari", ["paris", "paris hilton"]);
    key(input, "ArrowDown");
    key(input, "ArrowDown");
    expect(key(input, "Enter").defaultPrevented).toBe(true);
    expect(input.value).toBe("paris hilton");
    expect(submitted).toEqual(["paris hilton"]);
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("lets Enter search the typed text when no option is active", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest();
    mount(input, fetch);
    await typeAndAnswer(input, calls, "pari", ["paris"]);
    expect(key(input, "Enter").defaultPrevented).toBe(false);
  });

  it("closes with Escape and keeps the text; a click on an option takes it", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest();
    mount(input, fetch);
    input.form?.addEventListener("submit", (e) => e.preventDefault());
    await typeAndAnswer(input, calls, "pari", ["paris", "parity"]);
    key(input, "ArrowDown");
    expect(key(input, "Escape").defaultPrevented).toBe(true);
    expect(input.value).toBe("pari");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);
    expect(key(input, "Escape").defaultPrevented).toBe(false); // closed: the browser's own Escape
    key(input, "ArrowDown"); // opens again on the same options
    expect(input.getAttribute("aria-expanded")).toBe("true");
    options()[1]?.click();
    expect(input.value).toBe("parity");
  });

  it("drops a stale answer that arrives after a newer one", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest(); // ignores aborts: the late answer really arrives
    mount(input, fetch);
    type(input, "pari");
    await until(() => calls.length === 1);
    type(input, "paris h");
    await until(() => calls.length === 2);
    expect(calls[0]?.signal?.aborted).toBe(true); // the old request was aborted...
    calls[1]?.answer(["paris hilton"]);
    await until(() => options().length === 1);
    calls[0]?.answer(["parity", "paris", "pariah"]); // ...and its late answer is not shown
    await new Promise((r) => setTimeout(r, 20));
    expect(options().map((o) => o.textContent)).toEqual(["paris hilton"]);
  });

  it("debounces: many keystrokes, one request", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest();
    mountSearchBox(document, readSettings(document), { min: 2, debounceMs: 30, fetchFn: fetch });
    for (const text of ["p", "pa", "par", "pari", "paris"]) type(input, text);
    await until(() => calls.length === 1);
    await new Promise((r) => setTimeout(r, 60));
    expect(calls.map((c) => c.q)).toEqual(["paris"]);
  });

  it("shows nothing for a failing backend, a short query or an empty answer", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest();
    mount(input, fetch, 4);
    type(input, "par");
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
    type(input, "pari");
    await until(() => calls.length === 1);
    calls[0]?.answer(new Response("busy", { status: 429 }));
    type(input, "paris");
    await until(() => calls.length === 2);
    calls[1]?.answer([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(options()).toHaveLength(0);
    expect(document.getElementById("q-suggestions")?.hidden).toBe(true);
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes when the box loses focus", async () => {
    const input = page();
    const { fetch, calls } = fakeSuggest();
    mount(input, fetch);
    await typeAndAnswer(input, calls, "pari", ["paris"]);
    input.blur();
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  it("speaks the page's language", async () => {
    const input = page(
      { translations: { suggestions: "Vorschläge", suggest_count_other: "{n} Vorschläge" } },
      "de",
    );
    const { fetch, calls } = fakeSuggest();
    mount(input, fetch);
    expect(document.getElementById("q-suggestions")?.getAttribute("aria-label")).toBe("Vorschläge");
    await typeAndAnswer(input, calls, "pari", ["paris", "parität"]);
    expect(document.querySelector("[role=status]")?.textContent).toBe("2 Vorschläge");
  });
});

describe("route", () => {
  it("turns the box into a combobox only when the user has suggestions on", async () => {
    page({ autocomplete: { min: 3 } });
    await route(document);
    await until(() => document.getElementById("q")?.getAttribute("role") === "combobox");
    page({});
    await route(document);
    await new Promise((r) => setTimeout(r, 30));
    expect(document.getElementById("q")?.hasAttribute("role")).toBe(false);
    expect(readSettings(document).autocomplete).toBeNull();
  });
});
