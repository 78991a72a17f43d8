/**
 * The AI summary box's DOM: builds it inside the placeholder, switches its visible state,
 * and re-renders the streamed answer block by block so finished blocks keep their nodes.
 */

import { el, flashLabel, setLine } from "../../lib/dom";
import type { I18n } from "../../lib/i18n";
import type { SupportMark } from "../../lib/support";
import { AnswerView } from "./answer_view";

export type BoxState =
  | "idle"
  | "loading"
  | "streaming"
  | "done"
  | "error"
  | "interrupted"
  | "stopped";
export type Action = "ask" | "stop" | "retry" | "regenerate" | "copy" | "more";

const ACTIONS: readonly Action[] = ["ask", "stop", "retry", "regenerate", "copy", "more"];

/** What a summary's events are shown on: the box's first answer, or a follow-up turn. */
export interface AnswerSurface {
  readonly root: HTMLElement;
  readonly answer: HTMLDivElement;
  setState(state: BoxState): void;
  setHeader(sourceCount: number, model: string, cached: boolean, pagesRead?: number | null): void;
  setLanguage(text: string): void;
  setUsed(links: readonly Node[]): void;
  setRead(links: readonly Node[]): void;
  setCaution(text: string, kind?: string): void;
  setNote(text: string): void;
  announce(text: string): void;
  showLoading(text?: string): void;
  clearAnswer(): void;
  renderAnswer(text: string, cite: (n: number) => Node | null): void;
  markSupport(source: string, marks: readonly SupportMark[]): number;
  flash(action: Action, text: string, ms?: number): void;
}

/** Which buttons each state shows ("more" is added only when the answer overflows). */
export const VISIBLE: Readonly<Record<BoxState, readonly Action[]>> = {
  idle: ["ask"],
  loading: ["stop"],
  streaming: ["stop"],
  done: ["regenerate", "copy"],
  error: ["retry"],
  interrupted: ["retry", "copy"],
  stopped: ["retry", "copy"],
};

export const LABELS: Readonly<Record<Action, Parameters<I18n["t"]>[0]>> = {
  ask: "ask",
  stop: "stop",
  retry: "retry",
  regenerate: "regenerate",
  copy: "copy",
  more: "show_more",
};

export class SummaryView implements AnswerSurface {
  readonly answer: HTMLDivElement;
  readonly tip: HTMLDivElement;
  private readonly doc: Document;
  private readonly basis: HTMLSpanElement;
  private readonly model: HTMLSpanElement;
  private readonly badge: HTMLSpanElement;
  private readonly lang: HTMLSpanElement;
  private readonly used: HTMLSpanElement;
  private readonly read: HTMLSpanElement;
  private readonly caution: HTMLParagraphElement;
  private readonly body: HTMLDivElement;
  private readonly note: HTMLParagraphElement;
  private readonly live: HTMLParagraphElement;
  private readonly buttons = new Map<Action, HTMLButtonElement>();
  private readonly text: AnswerView;
  private expanded = false;

  constructor(
    readonly root: HTMLElement,
    private readonly i18n: I18n,
    onAction: (action: Action) => void,
  ) {
    const doc = root.ownerDocument;
    this.doc = doc;
    const head = el(doc, "div", "ai-summary__head");
    const title = el(doc, "h2", "ai-summary__title", i18n.t("title"));
    title.id = "ai-summary-title";
    this.basis = el(doc, "span", "ai-summary__basis");
    this.model = el(doc, "span", "ai-summary__model");
    this.model.dir = "auto"; // a model name is Latin text: on a right-to-left page it is cut at its end
    this.badge = el(doc, "span", "ai-summary__badge", i18n.t("cached"));
    this.badge.hidden = true;
    this.lang = el(doc, "span", "ai-summary__lang");
    this.lang.hidden = true;
    this.used = el(doc, "span", "ai-summary__used");
    this.used.hidden = true;
    this.read = el(doc, "span", "ai-summary__read");
    this.read.hidden = true;
    head.append(title, this.basis, this.read, this.used, this.model, this.lang, this.badge);
    // One line above the answer: "No answer in the results" or "may not answer" (never hides it).
    this.caution = el(doc, "p", "ai-summary__caution");
    this.caution.hidden = true;

    this.body = el(doc, "div", "ai-summary__body");
    this.body.id = "ai-summary-body";
    this.text = new AnswerView(doc, i18n, "ai-summary__answer");
    this.answer = this.text.el;
    this.body.append(this.answer);
    this.note = el(doc, "p", "ai-summary__note");
    this.note.hidden = true;

    const actions = el(doc, "div", "ai-summary__actions");
    for (const action of ACTIONS) {
      const button = el(
        doc,
        "button",
        `ai-summary__btn ai-summary__btn--${action}`,
        i18n.t(LABELS[action]),
      );
      button.type = "button";
      button.dataset.action = action;
      button.hidden = true;
      button.addEventListener("click", () => onAction(action));
      this.buttons.set(action, button);
      actions.append(button);
    }
    this.buttons.get("more")?.setAttribute("aria-controls", this.body.id);

    // Polite, and only for "answer started"/"answer ready"/errors: never every token.
    this.live = el(doc, "p", "ai-summary__live");
    this.live.setAttribute("role", "status");
    this.live.setAttribute("aria-live", "polite");
    this.tip = el(doc, "div", "ai-summary__tip");
    this.tip.id = "ai-summary-tip";
    this.tip.setAttribute("role", "tooltip");
    this.tip.hidden = true;

    root.setAttribute("aria-labelledby", title.id);
    root.replaceChildren(head, this.caution, this.body, this.note, actions, this.live, this.tip);
  }

  setState(state: BoxState): void {
    const hadFocus = [...this.buttons.values()].some((b) => b === this.doc.activeElement);
    this.root.dataset.state = state;
    this.answer.setAttribute("aria-busy", String(state === "loading" || state === "streaming"));
    const visible = VISIBLE[state];
    for (const [action, button] of this.buttons) {
      if (action !== "more") button.hidden = !visible.includes(action);
    }
    this.updateMore();
    // A pressed button may just have been hidden: keep keyboard focus inside the box.
    if (
      hadFocus &&
      (this.doc.activeElement === this.doc.body || this.isHidden(this.doc.activeElement))
    ) {
      [...this.buttons.values()].find((b) => !b.hidden)?.focus();
    }
  }

  private isHidden(node: Element | null): boolean {
    return node instanceof HTMLElement && node.hidden;
  }

  /** ``pagesRead``: sources whose page passages the model was given (null: snippets only). */
  setHeader(
    sourceCount: number,
    model: string,
    cached: boolean,
    pagesRead: number | null = null,
  ): void {
    this.basis.textContent =
      pagesRead && pagesRead > 0
        ? this.i18n.basisRead(pagesRead, sourceCount - pagesRead)
        : this.i18n.basis(sourceCount);
    this.model.textContent = model;
    this.model.hidden = model === "";
    this.badge.hidden = !cached;
  }

  /** "Answered in English" beside the model name; "" hides it. */
  setLanguage(text: string): void {
    this.lang.textContent = text;
    this.lang.hidden = text === "";
  }

  /** Links to the sources the answer cited, after the basis ("Cited: [1] [3]"). */
  setUsed(links: readonly Node[]): void {
    this.setLinks(this.used, "used", links);
  }

  /** Links to the pages that were read ("Pages read: [1] [3]"). */
  setRead(links: readonly Node[]): void {
    this.setLinks(this.read, "pages_read", links);
  }

  private setLinks(span: HTMLElement, label: "used" | "pages_read", links: readonly Node[]): void {
    if (links.length === 0) {
      span.replaceChildren();
      span.hidden = true;
      return;
    }
    const parts: (Node | string)[] = [this.i18n.t(label)];
    for (const link of links) parts.push(" ", link);
    span.replaceChildren(...parts);
    span.hidden = false;
  }

  setCaution(text: string, kind = ""): void {
    setLine(this.caution, text, kind);
  }

  /** Marks weak and uncited sentences of the rendered answer (``AnswerView.markSupport``). */
  markSupport(source: string, marks: readonly SupportMark[]): number {
    return this.text.markSupport(source, marks);
  }

  setNote(text: string): void {
    setLine(this.note, text);
  }

  announce(text: string): void {
    this.live.textContent = text;
  }

  /** Adds parts of the box after the first answer's actions (the conversation, the follow-up form). */
  extend(...nodes: Node[]): void {
    this.live.before(...nodes);
  }

  /** The placeholder line before the first token ("Generating a summary…" or "Reading 3 pages…"). */
  showLoading(text = this.i18n.t("loading")): void {
    this.text.showLoading(text);
  }

  clearAnswer(): void {
    this.text.clear();
  }

  /** Renders the answer text, which only grows until ``clearAnswer`` (``AnswerView.render``). */
  renderAnswer(text: string, cite: (n: number) => Node | null): void {
    this.text.render(text, cite);
    this.updateMore();
  }

  toggleExpanded(): void {
    this.expanded = !this.expanded;
    this.updateMore();
  }

  /** Shows "Show more" only when the answer overflows the reserved space (or is expanded). */
  private updateMore(): void {
    const more = this.buttons.get("more");
    if (!more) return;
    const state = this.root.dataset.state;
    const settled = state !== "loading" && state !== "streaming" && state !== "idle";
    const overflows = this.body.scrollHeight > this.body.clientHeight + 1;
    // Fades the clipped end of the text (CSS), while streaming too.
    this.root.toggleAttribute("data-overflow", overflows && !this.expanded);
    more.hidden = !(settled && (this.expanded || overflows));
    if (this.expanded) this.root.dataset.expanded = "";
    else delete this.root.dataset.expanded;
    more.setAttribute("aria-expanded", String(this.expanded));
    more.textContent = this.i18n.t(this.expanded ? "show_less" : "show_more");
  }

  flash(action: Action, text: string, ms = 2000): void {
    flashLabel(this.buttons.get(action), text, ms);
  }

  button(action: Action): HTMLButtonElement | undefined {
    return this.buttons.get(action);
  }
}
