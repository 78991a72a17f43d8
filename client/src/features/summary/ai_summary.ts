/**
 * The AI summary box: reads the placeholder's signed evidence, streams the answer from
 * /ai_summary into the box, and handles Stop, Retry, Regenerate, Copy and Show more; once
 * the answer is done, the conversation under it (follow-ups, related questions, Share).
 */
import { I18n } from "../../lib/i18n";
import { parseSummaryData, type SummaryData } from "../../lib/protocol";
import { type ClientSettings, readJsonScript } from "../../lib/settings";
import { requestSummary } from "../../lib/summary_client";
import { AnswerRun } from "./answer_run";
import { bindCitations } from "./citation_tip";
import { Conversation, type Transport } from "./conversation";
import { type Action, type BoxState, SummaryView } from "./summary_view";

export interface MountOptions {
  /** "always" starts at once; "click" waits for the button (nothing is sent before). */
  start: "always" | "click";
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class SummaryBox {
  readonly view: SummaryView;
  readonly conversation: Conversation;
  private readonly first: AnswerRun;
  private readonly transport: Transport;

  constructor(
    readonly root: HTMLElement,
    private readonly data: SummaryData,
    i18n: I18n,
    opts: MountOptions,
  ) {
    this.view = new SummaryView(root, i18n, (a) => this.onAction(a));
    this.transport = {
      ...(opts.fetch ? { fetch: opts.fetch } : {}),
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    };
    this.conversation = new Conversation(this.view, i18n, this.transport);
    this.first = new AnswerRun(this.view, i18n, data.evidence.sources, this.conversation.hooks());
    bindCitations(root, this.view.answer, this.view.tip, () => this.first.citations());
    this.view.setHeader(data.evidence.sources.length, "", false);
    this.view.setState("idle");
  }

  get state(): BoxState {
    return this.first.state;
  }

  get answerText(): string {
    return this.first.answerText;
  }

  private onAction(action: Action): void {
    if (action === "ask" || action === "retry") void this.start(false);
    else if (action === "regenerate") void this.start(true);
    else if (action === "stop") this.stop();
    else if (action === "copy") void this.first.copy();
    else if (action === "more") this.view.toggleExpanded();
  }

  /** Asks for the first answer again: a new conversation, the old one's turns go. */
  start(fresh: boolean): Promise<void> {
    this.conversation.reset();
    return this.first.start((signal) =>
      requestSummary(this.data, fresh, { signal, ...this.transport }),
    );
  }

  stop(): void {
    this.first.stop();
  }

  /** The answer as the model wrote it, then the numbered source list. */
  copyText(): string {
    return this.first.copyText();
  }
}

/** Builds the box inside the placeholder; null (and the box hidden) if its data is unusable. */
export function mount(
  root: HTMLElement,
  settings: ClientSettings,
  opts: MountOptions,
): SummaryBox | null {
  const data = parseSummaryData(readJsonScript(root.ownerDocument, "ai-summary-data"));
  if (!data) {
    root.hidden = true;
    return null;
  }
  const box = new SummaryBox(root, data, new I18n(settings.uiLang, settings.translations), opts);
  if (opts.start === "always") void box.start(false);
  return box;
}
