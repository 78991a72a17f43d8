/**
 * A small Markdown subset rendered by building DOM nodes (no HTML parser): paragraphs,
 * lists, bold, italic, inline code; `[n]` citations via a callback. Everything else is text.
 * Blocks here, inline markup in inline.ts; both take time linear in the text.
 */

import { type InlineOptions, renderInline, type Work } from "./inline";

export { renderInline, type Work } from "./inline";

export type Block =
  | { kind: "p"; lines: string[] }
  | { kind: "h"; text: string }
  | { kind: "code"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "ol"; items: string[]; start: number };

export type RenderOptions = InlineOptions;

/** Text past this length is not rendered (an ellipsis says so); copying keeps the whole answer. */
export const MAX_RENDERED_CHARS = 20_000;

const UL = /^ {0,3}[-*+][ \t]+(.*)$/;
const OL = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const HEADING = /^ {0,3}#{1,6}[ \t]+/;
const RULE = /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/** A heading's text: without the opening marks and the closing spaces and #s (no regex backtracking). */
function headingText(line: string, prefix: number): string {
  let end = line.length;
  while (end > prefix && " \t#".includes(line[end - 1] as string)) end--;
  return line.slice(prefix, end);
}

/** The line-by-line block parser; ``idle`` when no later line can change the blocks made so far. */
class BlockParser {
  blocks: Block[] = [];
  private current: Block | null = null;
  private fence: { mark: string; lines: string[] } | null = null;

  get idle(): boolean {
    return this.current === null && this.fence === null;
  }

  line(line: string): void {
    if (this.fence) {
      if (line.trimStart().startsWith(this.fence.mark)) {
        this.blocks.push({ kind: "code", text: this.fence.lines.join("\n") });
        this.fence = null;
      } else {
        this.fence.lines.push(line);
      }
      return;
    }
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch?.[1]) {
      this.fence = { mark: fenceMatch[1], lines: [] };
      this.current = null;
      return;
    }
    if (line.trim() === "" || RULE.test(line)) {
      this.current = null;
      return;
    }
    const heading = HEADING.exec(line);
    const ul = heading ? null : UL.exec(line);
    const ol = heading || ul ? null : OL.exec(line);
    const current = this.current;
    if (heading) {
      this.blocks.push({ kind: "h", text: headingText(line, heading[0].length) });
      this.current = null;
    } else if (ul) {
      if (current?.kind !== "ul") this.open({ kind: "ul", items: [] });
      (this.current as { items: string[] }).items.push(ul[1] ?? "");
    } else if (ol) {
      if (current?.kind !== "ol") this.open({ kind: "ol", items: [], start: Number(ol[1]) });
      (this.current as { items: string[] }).items.push(ol[2] ?? "");
    } else if (current?.kind === "ul" || current?.kind === "ol") {
      // A continuation line of the last list item.
      const last = current.items.length - 1;
      current.items[last] = `${current.items[last] ?? ""} ${line.trim()}`;
    } else if (current?.kind === "p") {
      current.lines.push(line.trim());
    } else {
      this.open({ kind: "p", lines: [line.trim()] });
    }
  }

  /** The blocks, an unclosed fence included. */
  finish(): Block[] {
    if (this.fence) this.blocks.push({ kind: "code", text: this.fence.lines.join("\n") });
    this.fence = null;
    this.current = null;
    return this.blocks;
  }

  private open(block: Block): void {
    this.current = block;
    this.blocks.push(block);
  }
}

/**
 * Blocks of a text that only grows (a streamed answer). Blocks before the last point where
 * the parser was idle are final and never parsed again; only the open tail is re-parsed.
 */
export class BlockStream {
  /** Blocks no later text can change. */
  readonly finished: Block[] = [];
  /** Where the open tail starts (a line start where the parser was idle). */
  private offset = 0;
  private seen = 0;

  /** The blocks of ``src`` (which extends the previous ``src``): the finished ones, then the open ones. */
  update(src: string, work?: Work): { finished: Block[]; open: Block[] } {
    if (src.length < this.seen) this.reset();
    this.seen = src.length;
    const parser = new BlockParser();
    let pos = this.offset;
    for (let nl = src.indexOf("\n", pos); nl !== -1; nl = src.indexOf("\n", pos)) {
      parser.line(src.slice(pos, nl).replace(/\r$/, ""));
      if (work) work.steps += nl - pos + 1;
      pos = nl + 1;
      if (parser.idle) {
        this.finished.push(...parser.blocks.splice(0));
        this.offset = pos;
      }
    }
    if (pos < src.length) parser.line(src.slice(pos));
    if (work) work.steps += src.length - pos;
    return { finished: this.finished, open: parser.finish() };
  }

  reset(): void {
    this.finished.length = 0;
    this.offset = 0;
    this.seen = 0;
  }
}

/** Splits source text into blocks; stable for a growing text, so blocks can be diffed. */
export function parseBlocks(src: string, work?: Work): Block[] {
  const { finished, open } = new BlockStream().update(src.replace(/\r\n?/g, "\n"), work);
  return [...finished, ...open];
}

/** Renders one block as an element. */
export function renderBlock(block: Block, doc: Document, opts: RenderOptions = {}): HTMLElement {
  switch (block.kind) {
    case "p": {
      const p = doc.createElement("p");
      block.lines.forEach((line, i) => {
        if (i > 0) p.append(doc.createElement("br"));
        p.append(renderInline(line, doc, opts));
      });
      return p;
    }
    case "h": {
      const p = doc.createElement("p");
      const strong = doc.createElement("strong");
      strong.append(renderInline(block.text, doc, opts));
      p.append(strong);
      return p;
    }
    case "code": {
      const pre = doc.createElement("pre");
      const code = doc.createElement("code");
      code.textContent = block.text;
      pre.append(code);
      return pre;
    }
    case "ul":
    case "ol": {
      const list = doc.createElement(block.kind);
      if (block.kind === "ol" && block.start !== 1) list.setAttribute("start", String(block.start));
      for (const item of block.items) {
        const li = doc.createElement("li");
        li.append(renderInline(item, doc, opts));
        list.append(li);
      }
      return list;
    }
  }
}

/** The part of a text that is rendered, and whether some was left out. */
export function capText(src: string): { text: string; truncated: boolean } {
  const truncated = src.length > MAX_RENDERED_CHARS;
  return { text: truncated ? src.slice(0, MAX_RENDERED_CHARS) : src, truncated };
}

/** The paragraph that ends a text cut at MAX_RENDERED_CHARS. */
export function truncationMark(doc: Document): HTMLElement {
  const p = doc.createElement("p");
  p.className = "md-truncated";
  p.textContent = "…";
  return p;
}

/** Renders a whole text (up to MAX_RENDERED_CHARS) into a fragment. */
export function renderMarkdown(
  src: string,
  doc: Document,
  opts: RenderOptions = {},
): DocumentFragment {
  const { text, truncated } = capText(src);
  const frag = doc.createDocumentFragment();
  for (const block of parseBlocks(text, opts.work)) frag.append(renderBlock(block, doc, opts));
  if (truncated) frag.append(truncationMark(doc));
  return frag;
}
