/**
 * One streamed answer: reads a summary stream's typed events into an answer surface (the
 * box's first answer or a follow-up turn): the sources and passages, the text as it grows,
 * the server's review when done, the error or Stop. A newer run or Stop makes an older
 * run's late events irrelevant.
 */
import { CitationResolver, citationLink } from "../../lib/citations";
import { type I18n, languageName } from "../../lib/i18n";
import type { Source, SummaryEvent } from "../../lib/protocol";
import { mostlyUnsupported, type SupportMark } from "../../lib/support";
import type { AnswerSurface, BoxState } from "./summary_view";

export interface ConversationInfo {
  id: string;
  turn: number;
  maxTurns: number;
  share: boolean;
}

/** What a run tells its owner besides the surface: the lines only conversations use. */
export interface RunHooks {
  searched?(query: string, rewritten: boolean): void;
  related?(questions: readonly string[]): void;
  conversation?(info: ConversationInfo): void;
  /** The run ended (done, error, interrupted or stopped); not called for a superseded run. */
  settled?(state: BoxState): void;
}

export type Request = (signal: AbortSignal) => AsyncGenerator<SummaryEvent>;

export class AnswerRun {
  private text = "";
  private sources: Source[];
  private resolver: CitationResolver;
  private controller: AbortController | null = null;
  private run = 0;
  private renderQueued = false;
  /** url -> its final reading state in this run (the pages the server read). */
  private reading = new Map<string, string>();
  private model = "";
  private cached = false;

  constructor(
    private readonly surface: AnswerSurface,
    private readonly i18n: I18n,
    sources: Source[],
    private readonly hooks: RunHooks = {},
  ) {
    this.sources = sources;
    this.resolver = new CitationResolver(sources, surface.root.ownerDocument);
  }

  get state(): BoxState {
    return (this.surface.root.dataset.state ?? "idle") as BoxState;
  }

  get answerText(): string {
    return this.text;
  }

  /** The sources' resolver of the latest run (citations in the answer resolve against it). */
  citations(): CitationResolver {
    return this.resolver;
  }

  async start(request: Request): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const id = ++this.run;
    const view = this.surface;
    const root = view.root;
    this.text = "";
    delete root.dataset.error;
    delete root.dataset.answer;
    view.setNote("");
    view.setCaution("");
    view.setLanguage("");
    view.setUsed([]);
    view.setRead([]);
    this.reading = new Map();
    this.setSources(this.sources.map(({ passages: _, ...s }) => s));
    view.setState("loading");
    view.showLoading();
    let terminal = false;
    for await (const ev of request(controller.signal)) {
      if (id !== this.run) return;
      if (this.handle(ev)) terminal = true;
    }
    if (id !== this.run) return;
    if (!terminal) {
      // The generator ended without a terminal event: only Stop does that.
      this.renderNow();
      if (this.text === "") view.clearAnswer();
      view.setNote(this.i18n.t("stopped"));
      view.setState("stopped");
    }
    this.hooks.settled?.(this.state);
  }

  stop(): void {
    this.controller?.abort();
  }

  /** One event into the surface; true for the terminal one. */
  private handle(ev: SummaryEvent): boolean {
    const view = this.surface;
    switch (ev.kind) {
      case "search":
        this.hooks.searched?.(ev.query, ev.rewritten);
        return false;
      case "head":
        if (ev.sources.length > 0) this.setSources(ev.sources);
        this.model = ev.model;
        this.cached = ev.cached;
        view.setHeader(this.sources.length, ev.model, ev.cached);
        return false;
      case "reading":
        this.reading.set(ev.url, ev.state);
        if (this.state === "loading") {
          const reading = [...this.reading.values()].filter((s) => s === "started").length;
          if (reading > 0) view.showLoading(this.i18n.reading(reading));
          else view.showLoading();
        }
        return false;
      case "passages":
        this.setPassages(ev.items);
        return false;
      case "delta":
        if (this.state === "loading") {
          view.clearAnswer();
          view.setState("streaming");
          view.announce(this.i18n.t("announce_started"));
        }
        this.text += ev.text;
        this.queueRender();
        return false;
      case "related":
        this.hooks.related?.(ev.questions);
        return false;
      case "conversation":
        this.hooks.conversation?.({
          id: ev.id,
          turn: ev.turn,
          maxTurns: ev.maxTurns,
          share: ev.share,
        });
        return false;
      case "done":
        if (this.text.trim() === "") {
          this.fail("no_answer");
          return true;
        }
        this.renderNow();
        view.setHeader(this.sources.length, ev.model, ev.cached, this.pagesRead());
        view.setNote(ev.grounded ? "" : this.i18n.t("not_grounded"));
        this.showReview(ev.grounded, ev.citations, ev.support, ev.unanswered);
        view.setLanguage(
          ev.langMismatch && ev.answerLang
            ? this.i18n.t("answered_in", { lang: languageName(ev.answerLang, this.i18n.lang) })
            : "",
        );
        view.setState("done");
        view.announce(this.i18n.t("announce_ready"));
        return true;
      case "error":
        this.fail(ev.code, ev.message);
        return true;
    }
  }

  /** The server's verdict on the finished answer: marks, the caution line, the cited sources. */
  private showReview(
    grounded: boolean,
    cited: readonly number[],
    support: readonly SupportMark[],
    unanswered: boolean,
  ): void {
    if (!grounded) return;
    const view = this.surface;
    view.setUsed(this.sourceLinks(cited));
    view.markSupport(this.text, support);
    if (unanswered) {
      view.root.dataset.answer = "none";
      view.setCaution(this.i18n.t("no_answer"), "none");
    } else if (mostlyUnsupported(support)) {
      view.root.dataset.answer = "unsupported";
      view.setCaution(this.i18n.t("may_not_answer"), "unsupported");
    }
  }

  /** Links to these sources, for the header (not in-answer citations: no snippet tip). */
  private sourceLinks(numbers: readonly number[]): Node[] {
    const doc = this.surface.root.ownerDocument;
    const links: Node[] = [];
    for (const n of numbers) {
      const c = this.resolver.resolve(n);
      if (!c) continue;
      const link = citationLink(c, doc);
      link.className = "ai-summary__source";
      link.title = c.source.title;
      links.push(link);
    }
    return links;
  }

  private fail(code: string, serverMessage = ""): void {
    const view = this.surface;
    this.renderNow();
    if (this.text === "") view.clearAnswer();
    const message = this.i18n.errorMessage(code, serverMessage);
    view.root.dataset.error = code;
    view.setNote(message);
    view.setState(code === "interrupted" ? "interrupted" : "error");
    view.announce(message);
  }

  /** Attaches each read passage to its source (the tip shows it) and names the pages read. */
  private setPassages(items: readonly { n: number; text: string }[]): void {
    const byN = new Map<number, string[]>();
    for (const item of items) byN.set(item.n, [...(byN.get(item.n) ?? []), item.text]);
    this.setSources(
      this.sources.map((s) => (byN.has(s.n) ? { ...s, passages: byN.get(s.n) ?? [] } : s)),
    );
    this.surface.setRead(this.sourceLinks(this.sources.filter((s) => s.passages).map((s) => s.n)));
    this.surface.setHeader(this.sources.length, this.model, this.cached, this.pagesRead());
  }

  private pagesRead(): number {
    return this.sources.filter((s) => (s.passages ?? []).length > 0).length;
  }

  private setSources(sources: Source[]): void {
    this.sources = sources;
    this.resolver = new CitationResolver(sources, this.surface.root.ownerDocument);
  }

  private queueRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    const win = this.surface.root.ownerDocument.defaultView;
    // One render per frame however many deltas arrive; a hidden tab renders on done.
    const later = win?.requestAnimationFrame?.bind(win) ?? ((cb: () => void) => setTimeout(cb, 16));
    later(() => {
      if (this.renderQueued) this.renderNow();
    });
  }

  private renderNow(): void {
    this.renderQueued = false;
    if (this.state === "loading" && this.text === "") return;
    const doc = this.surface.root.ownerDocument;
    this.surface.renderAnswer(this.text, (n) => {
      const c = this.resolver.resolve(n);
      return c ? citationLink(c, doc) : null;
    });
  }

  /** The answer as the model wrote it, then the numbered source list. */
  copyText(): string {
    const lines = this.sources.map((s) => `[${s.n}] ${s.title} - ${s.url}`);
    return `${this.text.trim()}\n\n${this.i18n.t("sources")}:\n${lines.join("\n")}\n`;
  }

  async copy(): Promise<void> {
    try {
      const nav = this.surface.root.ownerDocument.defaultView?.navigator;
      await nav?.clipboard.writeText(this.copyText());
      this.surface.flash("copy", this.i18n.t("copied"));
    } catch {
      // No clipboard (insecure context or denied): the text stays selectable in the box.
    }
  }
}
