/**
 * The AI summary box: reads the placeholder's signed evidence, streams the answer from
 * /ai_summary into the box, and handles Stop, Retry, Regenerate, Copy and Show more.
 */
import { CitationResolver, citationLink } from "../lib/citations";
import { I18n, languageName } from "../lib/i18n";
import { parseSummaryData, type Source, type SummaryData } from "../lib/protocol";
import { type ClientSettings, readJsonScript } from "../lib/settings";
import { requestSummary } from "../lib/summary_client";
import { mostlyUnsupported, type SupportMark } from "../lib/support";
import { bindCitations } from "./citation_tip";
import { type Action, type BoxState, SummaryView } from "./summary_view";

export interface MountOptions {
  /** "always" starts at once; "click" waits for the button (nothing is sent before). */
  start: "always" | "click";
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class SummaryBox {
  readonly view: SummaryView;
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
    readonly root: HTMLElement,
    private readonly data: SummaryData,
    private readonly i18n: I18n,
    private readonly opts: MountOptions,
  ) {
    this.sources = data.evidence.sources;
    this.resolver = new CitationResolver(this.sources, root.ownerDocument);
    this.view = new SummaryView(root, i18n, (a) => this.onAction(a));
    bindCitations(root, this.view.answer, this.view.tip, () => this.resolver);
    this.view.setHeader(this.sources.length, "", false);
    this.view.setState("idle");
  }

  get state(): BoxState {
    return (this.root.dataset.state ?? "idle") as BoxState;
  }

  get answerText(): string {
    return this.text;
  }

  private onAction(action: Action): void {
    if (action === "ask" || action === "retry") void this.start(false);
    else if (action === "regenerate") void this.start(true);
    else if (action === "stop") this.stop();
    else if (action === "copy") void this.copy();
    else if (action === "more") this.view.toggleExpanded();
  }

  /** Runs one request; a newer run or Stop makes this one's late events irrelevant. */
  async start(fresh: boolean): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const id = ++this.run;
    this.text = "";
    delete this.root.dataset.error;
    delete this.root.dataset.answer;
    this.view.setNote("");
    this.view.setCaution("");
    this.view.setLanguage("");
    this.view.setUsed([]);
    this.view.setRead([]);
    this.reading = new Map();
    this.setSources(this.sources.map(({ passages: _, ...s }) => s));
    this.view.setState("loading");
    this.view.showLoading();
    let terminal = false;
    const events = requestSummary(this.data, fresh, {
      signal: controller.signal,
      ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}),
      ...(this.opts.timeoutMs ? { timeoutMs: this.opts.timeoutMs } : {}),
    });
    for await (const ev of events) {
      if (id !== this.run) return;
      switch (ev.kind) {
        case "start":
          if (ev.sources.length > 0) this.setSources(ev.sources);
          this.model = ev.model;
          this.cached = ev.cached;
          this.view.setHeader(this.sources.length, ev.model, ev.cached);
          break;
        case "reading":
          this.reading.set(ev.url, ev.state);
          if (this.state === "loading") {
            const reading = [...this.reading.values()].filter((s) => s === "started").length;
            if (reading > 0) this.view.showLoading(this.i18n.reading(reading));
            else this.view.showLoading();
          }
          break;
        case "passages":
          this.setPassages(ev.items);
          break;
        case "delta":
          if (this.state === "loading") {
            this.view.clearAnswer();
            this.view.setState("streaming");
            this.view.announce(this.i18n.t("announce_started"));
          }
          this.text += ev.text;
          this.queueRender();
          break;
        case "done":
          terminal = true;
          if (this.text.trim() === "") {
            this.fail("no_answer");
            break;
          }
          this.renderNow();
          this.view.setHeader(this.sources.length, ev.model, ev.cached, this.pagesRead());
          this.view.setNote(ev.grounded ? "" : this.i18n.t("not_grounded"));
          this.showReview(ev.grounded, ev.citations, ev.support, ev.unanswered);
          this.view.setLanguage(
            ev.langMismatch && ev.answerLang
              ? this.i18n.t("answered_in", { lang: languageName(ev.answerLang, this.i18n.lang) })
              : "",
          );
          this.view.setState("done");
          this.view.announce(this.i18n.t("announce_ready"));
          break;
        case "error":
          terminal = true;
          this.fail(ev.code, ev.message);
          break;
      }
    }
    if (id !== this.run || terminal) return;
    // The generator ended without a terminal event: only Stop does that.
    this.renderNow();
    if (this.text === "") this.view.clearAnswer();
    this.view.setNote(this.i18n.t("stopped"));
    this.view.setState("stopped");
  }

  stop(): void {
    this.controller?.abort();
  }

  /** The server's verdict on the finished answer: marks, the caution line, the cited sources. */
  private showReview(
    grounded: boolean,
    cited: readonly number[],
    support: readonly SupportMark[],
    unanswered: boolean,
  ): void {
    if (!grounded) return;
    const doc = this.root.ownerDocument;
    const links: Node[] = [];
    for (const n of cited) {
      const c = this.resolver.resolve(n);
      if (!c) continue;
      const link = citationLink(c, doc);
      link.className = "ai-summary__source"; // not an in-answer citation: no snippet tip
      link.title = c.source.title;
      links.push(link);
    }
    this.view.setUsed(links);
    this.view.markSupport(this.text, support);
    if (unanswered) {
      this.root.dataset.answer = "none";
      this.view.setCaution(this.i18n.t("no_answer"), "none");
    } else if (mostlyUnsupported(support)) {
      this.root.dataset.answer = "unsupported";
      this.view.setCaution(this.i18n.t("may_not_answer"), "unsupported");
    }
  }

  private fail(code: string, serverMessage = ""): void {
    this.renderNow();
    if (this.text === "") this.view.clearAnswer();
    const message = this.i18n.errorMessage(code, serverMessage);
    this.root.dataset.error = code;
    this.view.setNote(message);
    this.view.setState(code === "interrupted" ? "interrupted" : "error");
    this.view.announce(message);
  }

  /** Attaches each read passage to its source (the tip shows it) and names the pages read. */
  private setPassages(items: readonly { n: number; text: string }[]): void {
    const byN = new Map<number, string[]>();
    for (const item of items) byN.set(item.n, [...(byN.get(item.n) ?? []), item.text]);
    this.setSources(
      this.sources.map((s) => (byN.has(s.n) ? { ...s, passages: byN.get(s.n) ?? [] } : s)),
    );
    const doc = this.root.ownerDocument;
    const links: Node[] = [];
    for (const s of this.sources) {
      const c = s.passages ? this.resolver.resolve(s.n) : null;
      if (!c) continue;
      const link = citationLink(c, doc);
      link.className = "ai-summary__source";
      link.title = c.source.title;
      links.push(link);
    }
    this.view.setRead(links);
    this.view.setHeader(this.sources.length, this.model, this.cached, this.pagesRead());
  }

  private pagesRead(): number {
    return this.sources.filter((s) => (s.passages ?? []).length > 0).length;
  }

  private setSources(sources: Source[]): void {
    this.sources = sources;
    this.resolver = new CitationResolver(sources, this.root.ownerDocument);
  }

  private queueRender(): void {
    if (this.renderQueued) return;
    this.renderQueued = true;
    const win = this.root.ownerDocument.defaultView;
    // One render per frame however many deltas arrive; a hidden tab renders on done.
    const later = win?.requestAnimationFrame?.bind(win) ?? ((cb: () => void) => setTimeout(cb, 16));
    later(() => {
      if (this.renderQueued) this.renderNow();
    });
  }

  private renderNow(): void {
    this.renderQueued = false;
    if (this.state === "loading" && this.text === "") return;
    const doc = this.root.ownerDocument;
    this.view.renderAnswer(this.text, (n) => {
      const c = this.resolver.resolve(n);
      return c ? citationLink(c, doc) : null;
    });
  }

  /** The answer as the model wrote it, then the numbered source list. */
  copyText(): string {
    const lines = this.sources.map((s) => `[${s.n}] ${s.title} - ${s.url}`);
    return `${this.text.trim()}\n\n${this.i18n.t("sources")}:\n${lines.join("\n")}\n`;
  }

  private async copy(): Promise<void> {
    try {
      await this.root.ownerDocument.defaultView?.navigator.clipboard.writeText(this.copyText());
      this.view.flash("copy", this.i18n.t("copied"));
    } catch {
      // No clipboard (insecure context or denied): the text stays selectable in the box.
    }
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
