/**
 * The conversation under the summary's first answer: the "Ask a follow-up" form, each
 * follow-up turn stacked under the last (its own Stop, Retry, Regenerate and Copy), up to
 * three related questions as buttons, and Share. The server keeps the conversation: this
 * sends only its id and the user's question. Every text goes in as a text node.
 */
import { el } from "../../lib/dom";
import type { I18n } from "../../lib/i18n";
import { createShare, requestFollowUp } from "../../lib/summary_client";
import { AnswerRun, type ConversationInfo, type RunHooks } from "./answer_run";
import { bindCitations } from "./citation_tip";
import type { Action, SummaryView } from "./summary_view";
import { TurnView } from "./turn_view";

export interface Transport {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface Turn {
  n: number;
  question: string;
  view: TurnView;
  run: AnswerRun;
}

const MAX_QUESTION = 500;

export class Conversation {
  private readonly doc: Document;
  private readonly list: HTMLDivElement;
  private readonly related: HTMLDivElement;
  private readonly relatedList: HTMLUListElement;
  private readonly form: HTMLFormElement;
  private readonly input: HTMLInputElement;
  private readonly send: HTMLButtonElement;
  private readonly share: HTMLButtonElement;
  private readonly limit: HTMLParagraphElement;
  private readonly shared: HTMLParagraphElement;
  private info: ConversationInfo | null = null;
  private suggestions: readonly string[] = [];
  private turns: Turn[] = [];
  /** An answer is streaming (the first or a turn): no new question until it ends. */
  private busy = false;

  constructor(
    private readonly box: SummaryView,
    private readonly i18n: I18n,
    private readonly transport: Transport,
  ) {
    const doc = box.root.ownerDocument;
    this.doc = doc;
    this.list = el(doc, "div", "ai-conversation");
    this.related = el(doc, "div", "ai-related");
    const title = el(doc, "p", "ai-related__title", i18n.t("related"));
    title.id = "ai-related-title";
    this.related.setAttribute("role", "group");
    this.related.setAttribute("aria-labelledby", title.id);
    this.relatedList = el(doc, "ul", "ai-related__list");
    this.related.append(title, this.relatedList);

    this.form = el(doc, "form", "ai-follow-up");
    this.form.noValidate = true;
    const label = el(doc, "label", "ai-follow-up__label", i18n.t("follow_up"));
    label.htmlFor = "ai-follow-up-input";
    this.input = el(doc, "input", "ai-follow-up__input");
    this.input.id = "ai-follow-up-input";
    this.input.type = "text";
    this.input.name = "question";
    this.input.maxLength = MAX_QUESTION;
    this.input.autocomplete = "off";
    this.input.placeholder = i18n.t("follow_up");
    this.send = el(doc, "button", "ai-conv__btn ai-follow-up__send", i18n.t("send"));
    this.send.type = "submit";
    this.share = el(doc, "button", "ai-conv__btn ai-follow-up__share", i18n.t("share"));
    this.share.type = "button";
    this.share.addEventListener("click", () => void this.makeLink());
    this.form.append(label, this.input, this.send, this.share);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.ask(this.input.value);
    });
    this.shared = el(doc, "p", "ai-share");
    this.shared.dir = "auto";
    this.limit = el(doc, "p", "ai-follow-up__limit", i18n.t("turns_used"));
    this.box.extend(this.list, this.related, this.form, this.limit, this.shared);
    this.reset();
  }

  /** The hooks of an answer run (the first answer's, or a turn's when given). */
  hooks(turn?: Turn): RunHooks {
    return {
      searched: (query) => turn?.view.setSearched(query),
      related: (questions) => {
        this.suggestions = questions;
      },
      conversation: (info) => {
        this.info = info;
      },
      settled: () => {
        this.busy = false;
        this.update();
      },
    };
  }

  /** A new first answer: a new conversation (the server gives it a new id), the old turns go. */
  reset(): void {
    for (const turn of this.turns) turn.run.stop();
    this.turns = [];
    this.list.replaceChildren();
    this.info = null;
    this.suggestions = [];
    this.busy = true;
    this.shared.replaceChildren();
    delete this.box.root.dataset.conversation;
    this.update();
  }

  get turnCount(): number {
    return this.turns.length;
  }

  /** Asks a question as the next turn (from the form or a related question's button). */
  ask(text: string): void {
    const question = text.trim().slice(0, MAX_QUESTION);
    const info = this.info;
    if (question === "" || this.busy || !info || info.turn >= info.maxTurns) return;
    // A turn that did not finish is not in the conversation: the new question takes its place.
    while (this.turns.length > 0 && this.turns.at(-1)?.view.root.dataset.state !== "done") {
      this.turns.pop()?.view.root.remove();
    }
    const n = info.turn + 1;
    const turn = this.addTurn(n, question);
    this.input.value = "";
    void this.runTurn(turn);
  }

  private addTurn(n: number, question: string): Turn {
    const view = new TurnView(
      this.doc,
      this.i18n,
      question,
      n,
      (text) => this.box.announce(text),
      (action) => this.onAction(turn, action),
    );
    const turn = { n, question, view } as Turn;
    turn.run = new AnswerRun(view, this.i18n, [], this.hooks(turn));
    bindCitations(view.root, view.answer, this.box.tip, () => turn.run.citations());
    this.turns.push(turn);
    this.list.append(view.root);
    this.box.root.dataset.conversation = "";
    return turn;
  }

  private onAction(turn: Turn, action: Action): void {
    if (action === "stop") turn.run.stop();
    else if (action === "copy") void turn.run.copy();
    else if (action === "retry" || action === "regenerate") {
      if (this.busy) return;
      // Asking a turn again: the server drops the turns after it, so do we.
      for (const later of this.turns.splice(this.turns.indexOf(turn) + 1)) later.view.root.remove();
      if (this.info) this.info = { ...this.info, turn: turn.n - 1 };
      void this.runTurn(turn);
    }
  }

  private runTurn(turn: Turn): Promise<void> {
    const info = this.info;
    if (!info) return Promise.resolve();
    this.busy = true;
    this.suggestions = [];
    this.shared.replaceChildren();
    this.update();
    return turn.run.start((signal) =>
      requestFollowUp(info.id, turn.question, turn.n, { signal, ...this.transport }),
    );
  }

  /**
   * Shows what may be done now: the form while turns are left (read only while an answer
   * streams, so the keyboard stays in it), the related questions, Share, or the limit.
   */
  private update(): void {
    const info = this.info;
    const left = info !== null && info.turn < info.maxTurns;
    this.form.hidden = info === null || (!left && !info.share);
    this.input.readOnly = this.busy;
    this.send.setAttribute("aria-disabled", String(this.busy));
    this.share.hidden = this.busy || !info?.share;
    this.limit.hidden = info === null || left || this.busy;
    this.input.hidden = !left;
    this.send.hidden = !left;
    const questions = left && !this.busy ? this.suggestions.slice(0, 3) : [];
    this.relatedList.replaceChildren(
      ...questions.map((q) => {
        const item = el(this.doc, "li", "ai-related__item");
        const button = el(this.doc, "button", "ai-conv__btn ai-related__btn", q);
        button.type = "button";
        button.dir = "auto";
        button.addEventListener("click", () => {
          this.ask(q);
          this.input.focus();
        });
        item.append(button);
        return item;
      }),
    );
    this.related.hidden = questions.length === 0;
  }

  /** Share: asks the server for a link, shows it (and copies it when the browser lets us). */
  private async makeLink(): Promise<void> {
    const info = this.info;
    if (!info) return;
    const result = await createShare(info.id, this.transport);
    if (!("url" in result)) {
      const message = this.i18n.errorMessage(result.code, result.message);
      this.shared.replaceChildren(message);
      this.shared.dataset.kind = "error";
      this.box.announce(message);
      return;
    }
    const link = el(this.doc, "a", "ai-share__link", result.url);
    link.href = result.url;
    link.dir = "ltr";
    this.shared.replaceChildren(`${this.i18n.t("share_link")} `, link);
    delete this.shared.dataset.kind;
    let copied = false;
    try {
      await this.doc.defaultView?.navigator.clipboard.writeText(result.url);
      copied = true;
    } catch {
      // No clipboard here: the link is shown to copy by hand.
    }
    this.box.announce(this.i18n.t(copied ? "link_copied" : "share_ready"));
    link.focus();
  }
}
