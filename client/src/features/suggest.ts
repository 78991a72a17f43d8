/**
 * Suggestions as you type: the search box becomes an ARIA combobox with a listbox of whole
 * queries from `/autocompleter`. Arrow keys move, Enter takes (and searches), Escape closes;
 * a polite live region says how many there are. Requests are debounced, each new one aborts
 * the last, and an answer that is not for the box's current text is dropped. Without
 * JavaScript the box is a plain search field.
 */

import "../styles/suggest.css";
import { I18n } from "../lib/i18n";
import type { ClientSettings } from "../lib/settings";
import { askSuggestions, worthAsking } from "../lib/suggestions";

export interface SuggestOptions {
  min: number;
  debounceMs?: number;
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

const LIST_ID = "q-suggestions";

/** The typed text first, the rest of the suggestion bold (when it starts with the text). */
function optionText(doc: Document, suggestion: string, typed: string): Node[] {
  const head = typed.trimStart();
  if (
    head &&
    suggestion.toLowerCase().startsWith(head.toLowerCase()) &&
    suggestion.length > head.length
  ) {
    const rest = doc.createElement("b");
    rest.textContent = suggestion.slice(head.length);
    return [doc.createTextNode(suggestion.slice(0, head.length)), rest];
  }
  return [doc.createTextNode(suggestion)];
}

export class SearchBox {
  readonly list: HTMLUListElement;
  readonly live: HTMLElement;
  private items: string[] = [];
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: AbortController | undefined;
  private seq = 0;
  private readonly i18n: I18n;

  constructor(
    readonly input: HTMLInputElement,
    settings: ClientSettings,
    private readonly opts: SuggestOptions,
  ) {
    const doc = input.ownerDocument;
    this.i18n = new I18n(settings.uiLang, settings.translations);
    this.list = doc.createElement("ul");
    this.list.id = LIST_ID;
    this.list.className = "suggest__list";
    this.list.setAttribute("role", "listbox");
    this.list.setAttribute("aria-label", this.i18n.t("suggestions"));
    this.list.hidden = true;
    this.live = doc.createElement("div");
    this.live.className = "visually-hidden";
    this.live.setAttribute("role", "status");
    this.live.setAttribute("aria-live", "polite");
    this.wrap();
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", LIST_ID);
    input.addEventListener("input", (e) => this.onInput(e as InputEvent));
    input.addEventListener("compositionend", () => this.schedule());
    input.addEventListener("keydown", (e) => this.onKey(e));
    input.addEventListener("blur", () => this.close());
    input.form?.addEventListener("submit", () => this.cancel());
    // a press on an option must not blur the box first (blur closes the list)
    this.list.addEventListener("pointerdown", (e) => e.preventDefault());
    this.list.addEventListener("click", (e) => {
      const option = (e.target as Element | null)?.closest<HTMLElement>("[role=option]");
      if (option) this.take(Number(option.dataset.index));
    });
  }

  /** The box and its list in one positioned wrapper; focus and caret stay where they were. */
  private wrap(): void {
    const doc = this.input.ownerDocument;
    const focused = doc.activeElement === this.input;
    const wrapper = doc.createElement("div");
    wrapper.className = "suggest";
    this.input.replaceWith(wrapper);
    wrapper.append(this.input, this.list, this.live);
    if (focused) this.input.focus();
  }

  get expanded(): boolean {
    return !this.list.hidden;
  }

  private onInput(e: InputEvent): void {
    if (e.isComposing) return;
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!worthAsking(this.input.value, this.opts.min)) {
      this.cancel();
      this.show([]);
      return;
    }
    this.timer = setTimeout(() => void this.ask(), this.opts.debounceMs ?? 200);
  }

  /** Stops what is waiting or in flight; a late answer then finds its turn taken. */
  private cancel(): void {
    clearTimeout(this.timer);
    this.pending?.abort();
    this.pending = undefined;
    this.seq += 1;
  }

  private async ask(): Promise<void> {
    this.cancel();
    const query = this.input.value;
    const turn = this.seq;
    const pending = new AbortController();
    this.pending = pending;
    const found = await askSuggestions(query, {
      signal: pending.signal,
      timeoutMs: this.opts.timeoutMs ?? 3000,
      ...(this.opts.fetchFn ? { fetchFn: this.opts.fetchFn } : {}),
    });
    if (turn !== this.seq || query !== this.input.value) return; // stale: a newer question was asked
    this.pending = undefined;
    this.show(found ?? []);
  }

  private show(items: string[]): void {
    const doc = this.input.ownerDocument;
    this.items = items;
    this.active = -1;
    this.input.removeAttribute("aria-activedescendant");
    this.list.replaceChildren(
      ...items.map((text, i) => {
        const li = doc.createElement("li");
        li.id = `${LIST_ID}-${i}`;
        li.className = "suggest__option";
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.dir = "auto";
        li.dataset.index = String(i);
        li.append(...optionText(doc, text, this.input.value));
        return li;
      }),
    );
    if (items.length && doc.activeElement === this.input) this.open();
    else this.close();
  }

  private open(): void {
    this.list.hidden = false;
    this.input.setAttribute("aria-expanded", "true");
    const count = this.i18n.count("suggest_count", this.items.length);
    if (this.live.textContent !== count) this.live.textContent = count;
  }

  close(): void {
    this.list.hidden = true;
    this.active = -1;
    this.input.setAttribute("aria-expanded", "false");
    this.input.removeAttribute("aria-activedescendant");
    for (const li of this.list.children) li.setAttribute("aria-selected", "false");
    this.live.textContent = "";
  }

  private move(to: number): void {
    const options = [...this.list.children] as HTMLElement[];
    if (!options.length) return;
    if (!this.expanded) this.open();
    this.active = (to + options.length) % options.length;
    options.forEach((li, i) => {
      li.setAttribute("aria-selected", String(i === this.active));
    });
    const current = options[this.active];
    if (!current) return;
    this.input.setAttribute("aria-activedescendant", current.id);
    current.scrollIntoView?.({ block: "nearest" });
  }

  private onKey(e: KeyboardEvent): void {
    if (e.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
    const open = this.expanded;
    if (e.key === "ArrowDown" && this.items.length) {
      e.preventDefault();
      this.move(open ? this.active + 1 : 0);
    } else if (e.key === "ArrowUp" && this.items.length) {
      e.preventDefault();
      this.move(open ? this.active - 1 : -1);
    } else if (e.key === "Enter" && open && this.active >= 0) {
      e.preventDefault();
      this.take(this.active);
    } else if (e.key === "Escape" && open) {
      e.preventDefault(); // the list closes; the text stays (a search field would clear it)
      this.close();
    } else if (e.key === "Tab") {
      this.close();
    }
  }

  /** Puts a suggestion into the box and searches for it. */
  private take(index: number): void {
    const text = this.items[index];
    if (text === undefined) return;
    this.cancel();
    this.input.value = text;
    this.close();
    const form = this.input.form;
    if (form?.requestSubmit) form.requestSubmit();
    else form?.submit();
  }
}

/** Turns the page's search box (`input#q`) into the combobox. */
export function mountSearchBox(
  doc: Document,
  settings: ClientSettings,
  opts: SuggestOptions,
): SearchBox | null {
  const input = doc.getElementById("q");
  if (!(input instanceof HTMLInputElement) || input.getAttribute("role") === "combobox")
    return null;
  return new SearchBox(input, settings, opts);
}
