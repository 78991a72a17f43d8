/**
 * One streamed answer's DOM: the text re-rendered block by block so finished blocks keep
 * their nodes, the loading line before the first token, and the support marks after the last.
 * The summary box's first answer and every follow-up turn use it.
 */

import type { I18n } from "../../lib/i18n";
import { type Block, BlockStream, capText, renderBlock, truncationMark } from "../../lib/markdown";
import { markSentences, type SupportMark } from "../../lib/support";

export class AnswerView {
  readonly el: HTMLDivElement;
  private blocks: { key: string; node: HTMLElement }[] = [];
  /** The answer's blocks, parsed as it grows; ``blocks[0..final)`` are final and never redone. */
  private readonly stream = new BlockStream();
  private final = 0;
  private truncated: HTMLElement | null = null;
  private shownLength = 0;

  constructor(
    private readonly doc: Document,
    private readonly i18n: I18n,
    className: string,
  ) {
    this.el = doc.createElement("div");
    this.el.className = className;
    this.el.setAttribute("aria-busy", "false");
    this.el.dir = "auto"; // the answer's own script decides (an English answer on an Arabic page)
  }

  /** The placeholder line before the first token ("Generating a summary…" or "Reading 3 pages…"). */
  showLoading(text: string): void {
    this.clear();
    const p = this.doc.createElement("p");
    p.className = "ai-summary__loading";
    p.textContent = text;
    this.el.append(p);
    this.blocks = [{ key: "\u0000loading", node: p }];
  }

  clear(): void {
    this.el.replaceChildren();
    this.blocks = [];
    this.stream.reset();
    this.final = 0;
    this.truncated = null;
    this.shownLength = 0;
  }

  /**
   * Renders the answer text, which only grows until ``clear``. Finished blocks are parsed and
   * rendered once; only the open tail is parsed again, and of it only the blocks that changed
   * get new nodes (unchanged ones keep theirs, and focus).
   */
  render(text: string, cite: (n: number) => Node | null): void {
    const { text: shown, truncated } = capText(text);
    // A shorter text is another answer: start over.
    if (shown.length < this.shownLength) this.clear();
    this.shownLength = shown.length;
    const { finished, open } = this.stream.update(shown);
    const start = this.final;
    const parsed: Block[] = finished.length > start ? [...finished.slice(start), ...open] : open;
    parsed.forEach((block, k) => {
      const key = JSON.stringify(block);
      const old = this.blocks[start + k];
      if (old?.key === key) return;
      const node = renderBlock(block, this.doc, { citation: cite });
      if (old) old.node.replaceWith(node);
      else this.el.insertBefore(node, this.truncated);
      this.blocks[start + k] = { key, node };
    });
    for (const stale of this.blocks.splice(start + parsed.length)) stale.node.remove();
    this.final = finished.length;
    if (truncated && !this.truncated) {
      this.truncated = truncationMark(this.doc);
      this.el.append(this.truncated);
    }
  }

  /**
   * Marks weak and uncited sentences of the rendered answer: a dotted underline, a tooltip
   * (why: no support, no citation, or a source that says the opposite), and the same words as
   * text for screen readers. The answer text itself is unchanged.
   */
  markSupport(source: string, marks: readonly SupportMark[]): number {
    return markSentences(this.el, source, marks, (span, mark, last) => {
      const key = mark.reason
        ? "flag_opposite"
        : mark.state === "weak"
          ? "flag_weak"
          : "flag_uncited";
      const label = this.i18n.t(key);
      span.title = label;
      if (!last) return;
      const sr = this.doc.createElement("span");
      sr.className = "ai-summary__sr";
      sr.textContent = ` (${label})`;
      span.after(sr);
    });
  }
}
