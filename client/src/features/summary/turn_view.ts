/**
 * One follow-up turn's DOM inside the summary box: the question, what was searched for it,
 * the basis and cited sources, the answer, its caution and note, and its own Stop, Retry,
 * Regenerate and Copy. Screen-reader announcements go to the box's one live region.
 */

import { el, flashLabel, setLine } from "../../lib/dom";
import type { I18n } from "../../lib/i18n";
import type { SupportMark } from "../../lib/support";
import { AnswerView } from "./answer_view";
import { type Action, type AnswerSurface, type BoxState, LABELS, VISIBLE } from "./summary_view";

const ACTIONS: readonly Action[] = ["stop", "retry", "regenerate", "copy"];

export class TurnView implements AnswerSurface {
  readonly root: HTMLElement;
  readonly answer: HTMLDivElement;
  private readonly text: AnswerView;
  private readonly searched: HTMLParagraphElement;
  private readonly basis: HTMLSpanElement;
  private readonly used: HTMLSpanElement;
  private readonly lang: HTMLSpanElement;
  private readonly caution: HTMLParagraphElement;
  private readonly note: HTMLParagraphElement;
  private readonly buttons = new Map<Action, HTMLButtonElement>();

  constructor(
    doc: Document,
    private readonly i18n: I18n,
    question: string,
    turn: number,
    private readonly live: (text: string) => void,
    onAction: (action: Action) => void,
  ) {
    this.root = el(doc, "section", "ai-turn");
    this.root.dataset.turn = String(turn);
    const heading = el(doc, "h3", "ai-turn__question", question);
    heading.id = `ai-turn-${turn}`;
    heading.dir = "auto";
    this.root.setAttribute("aria-labelledby", heading.id);
    this.searched = el(doc, "p", "ai-turn__searched");
    this.searched.hidden = true;
    const head = el(doc, "p", "ai-turn__head");
    this.basis = el(doc, "span", "ai-summary__basis");
    this.used = el(doc, "span", "ai-summary__used");
    this.used.hidden = true;
    this.lang = el(doc, "span", "ai-summary__lang");
    this.lang.hidden = true;
    head.append(this.basis, this.used, this.lang);
    this.caution = el(doc, "p", "ai-summary__caution");
    this.caution.hidden = true;
    this.text = new AnswerView(doc, i18n, "ai-turn__answer");
    this.answer = this.text.el;
    this.note = el(doc, "p", "ai-summary__note");
    this.note.hidden = true;
    const actions = el(doc, "div", "ai-summary__actions ai-turn__actions");
    for (const action of ACTIONS) {
      const button = el(
        doc,
        "button",
        `ai-conv__btn ai-turn__btn ai-turn__btn--${action}`,
        i18n.t(LABELS[action]),
      );
      button.type = "button";
      button.dataset.action = action;
      button.hidden = true;
      button.addEventListener("click", () => onAction(action));
      this.buttons.set(action, button);
      actions.append(button);
    }
    this.root.append(heading, this.searched, head, this.caution, this.answer, this.note, actions);
  }

  setState(state: BoxState): void {
    const doc = this.root.ownerDocument;
    const hadFocus = [...this.buttons.values()].some((b) => b === doc.activeElement);
    this.root.dataset.state = state;
    this.answer.setAttribute("aria-busy", String(state === "loading" || state === "streaming"));
    for (const [action, button] of this.buttons) button.hidden = !VISIBLE[state].includes(action);
    if (
      hadFocus &&
      (doc.activeElement === doc.body || (doc.activeElement as HTMLElement)?.hidden)
    ) {
      [...this.buttons.values()].find((b) => !b.hidden)?.focus();
    }
  }

  /** "Searched for: …" under the question. */
  setSearched(query: string): void {
    this.searched.textContent = "";
    const what = this.root.ownerDocument.createElement("bdi");
    what.textContent = query;
    this.searched.append(`${this.i18n.t("searched_for")} `, what);
    this.searched.hidden = query === "";
  }

  setHeader(
    sourceCount: number,
    _model: string,
    _cached: boolean,
    pagesRead: number | null = null,
  ): void {
    this.basis.textContent =
      pagesRead && pagesRead > 0
        ? this.i18n.basisRead(pagesRead, sourceCount - pagesRead)
        : this.i18n.basis(sourceCount);
  }

  setLanguage(text: string): void {
    this.lang.textContent = text;
    this.lang.hidden = text === "";
  }

  setUsed(links: readonly Node[]): void {
    if (links.length === 0) {
      this.used.replaceChildren();
      this.used.hidden = true;
      return;
    }
    const parts: (Node | string)[] = [this.i18n.t("used")];
    for (const link of links) parts.push(" ", link);
    this.used.replaceChildren(...parts);
    this.used.hidden = false;
  }

  /** A follow-up's pages read are named by its basis line ("Based on 3 pages and 2 snippets"). */
  setRead(_links: readonly Node[]): void {}

  setCaution(text: string, kind = ""): void {
    setLine(this.caution, text, kind);
  }

  setNote(text: string): void {
    setLine(this.note, text);
  }

  announce(text: string): void {
    this.live(text);
  }

  showLoading(text = this.i18n.t("loading")): void {
    this.text.showLoading(text);
  }

  clearAnswer(): void {
    this.text.clear();
  }

  renderAnswer(text: string, cite: (n: number) => Node | null): void {
    this.text.render(text, cite);
  }

  markSupport(source: string, marks: readonly SupportMark[]): number {
    return this.text.markSupport(source, marks);
  }

  flash(action: Action, text: string, ms = 2000): void {
    flashLabel(this.buttons.get(action), text, ms);
  }
}
