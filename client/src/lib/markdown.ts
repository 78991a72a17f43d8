/**
 * A small Markdown subset rendered by building DOM nodes (no HTML parser): paragraphs,
 * lists, bold, italic, inline code; `[n]` citations via a callback. Everything else is text.
 */

export type Block =
  | { kind: "p"; lines: string[] }
  | { kind: "h"; text: string }
  | { kind: "code"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "ol"; items: string[]; start: number };

export interface RenderOptions {
  /** Returns the link for citation n, or null to leave "[n]" as plain text. */
  citation?: (n: number) => Node | null;
}

const UL = /^ {0,3}[-*+][ \t]+(.*)$/;
const OL = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/;
const RULE = /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
const MAX_DEPTH = 6;

/** Splits source text into blocks; stable for a growing text, so blocks can be diffed. */
export function parseBlocks(src: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let fence: { mark: string; lines: string[] } | null = null;
  for (const line of src.replace(/\r\n?/g, "\n").split("\n")) {
    if (fence) {
      if (line.trimStart().startsWith(fence.mark)) {
        blocks.push({ kind: "code", text: fence.lines.join("\n") });
        fence = null;
      } else {
        fence.lines.push(line);
      }
      continue;
    }
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch?.[1]) {
      fence = { mark: fenceMatch[1], lines: [] };
      current = null;
      continue;
    }
    if (line.trim() === "" || RULE.test(line)) {
      current = null;
      continue;
    }
    const heading = HEADING.exec(line);
    const ul = UL.exec(line);
    const ol = OL.exec(line);
    if (heading) {
      blocks.push({ kind: "h", text: heading[1] ?? "" });
      current = null;
    } else if (ul) {
      if (current?.kind !== "ul") {
        current = { kind: "ul", items: [] };
        blocks.push(current);
      }
      current.items.push(ul[1] ?? "");
    } else if (ol) {
      if (current?.kind !== "ol") {
        current = { kind: "ol", items: [], start: Number(ol[1]) };
        blocks.push(current);
      }
      current.items.push(ol[2] ?? "");
    } else if (current?.kind === "ul" || current?.kind === "ol") {
      // A continuation line of the last list item.
      const last = current.items.length - 1;
      current.items[last] = `${current.items[last] ?? ""} ${line.trim()}`;
    } else if (current?.kind === "p") {
      current.lines.push(line.trim());
    } else {
      current = { kind: "p", lines: [line.trim()] };
      blocks.push(current);
    }
  }
  if (fence) blocks.push({ kind: "code", text: fence.lines.join("\n") });
  return blocks;
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

/** Renders a whole text into a fragment. */
export function renderMarkdown(
  src: string,
  doc: Document,
  opts: RenderOptions = {},
): DocumentFragment {
  const frag = doc.createDocumentFragment();
  for (const block of parseBlocks(src)) frag.append(renderBlock(block, doc, opts));
  return frag;
}

const CITATION = /^\[\s*(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\s*\]/;
const LINK = /^!?\[([^\]\n]*)\]\(([^)\n]*)\)/;
const ESCAPABLE = "\\`*_[]()#+-.!<>{}|~";

/** Renders inline markup: `code`, **bold**, *italic*, [n]; links and images become their text. */
export function renderInline(
  text: string,
  doc: Document,
  opts: RenderOptions = {},
  depth = 0,
): DocumentFragment {
  const frag = doc.createDocumentFragment();
  let buf = "";
  const flush = (): void => {
    if (buf) frag.append(doc.createTextNode(buf));
    buf = "";
  };
  const emit = (node: Node): void => {
    flush();
    frag.append(node);
  };
  // Start index from which a closer for a delimiter is known to be absent: keeps
  // pathological input (thousands of lone "*") linear instead of quadratic.
  const noCloser = new Map<string, number>();
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === "\\" && i + 1 < text.length && ESCAPABLE.includes(text[i + 1] as string)) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      const run = /^`+/.exec(text.slice(i, i + 16))?.[0] ?? "`";
      const close = text.indexOf(run, i + run.length);
      if (close !== -1) {
        const code = doc.createElement("code");
        code.textContent = text.slice(i + run.length, close).replace(/^ (.*) $/, "$1");
        emit(code);
        i = close + run.length;
      } else {
        buf += run;
        i += run.length;
      }
      continue;
    }
    if (ch === "[" || (ch === "!" && text[i + 1] === "[")) {
      const rest = text.slice(i);
      const cite = ch === "[" ? CITATION.exec(rest) : null;
      if (cite?.[1] && opts.citation) {
        const nodes = cite[1]
          .split(/\s*[,;]\s*/)
          .map((n) => [n, opts.citation?.(Number(n)) ?? null] as const);
        if (nodes.some(([, node]) => node !== null)) {
          for (const [n, node] of nodes) {
            if (node) emit(node);
            else buf += `[${n}]`;
          }
          i += cite[0].length;
          continue;
        }
      }
      const link = LINK.exec(rest);
      if (link) {
        // No model-written links or images: keep only the visible label, as text.
        buf += link[1] ?? "";
        i += link[0].length;
        continue;
      }
    }
    if ((ch === "*" || ch === "_") && depth < MAX_DEPTH) {
      const strong = text.startsWith(ch + ch, i);
      const delim = strong ? ch + ch : ch;
      const close =
        (noCloser.get(delim) ?? Infinity) <= i ? NONE_AFTER : findCloser(text, i, delim);
      if (close === NONE_AFTER) noCloser.set(delim, Math.min(noCloser.get(delim) ?? Infinity, i));
      if (close >= 0) {
        const el = doc.createElement(strong ? "strong" : "em");
        el.append(renderInline(text.slice(i + delim.length, close), doc, opts, depth + 1));
        emit(el);
        i = close + delim.length;
        continue;
      }
      buf += delim;
      i += delim.length;
      continue;
    }
    buf += ch;
    i += 1;
  }
  flush();
  return frag;
}

const WORD = /[\p{L}\p{N}]/u;
/** findCloser: this is no opener. */
const NOT_OPENER = -1;
/** findCloser: no closer anywhere after start, so none after any later start either. */
const NONE_AFTER = -2;

/** Index of the closing delimiter for the opener at `start`, or NOT_OPENER / NONE_AFTER. */
function findCloser(text: string, start: number, delim: string): number {
  const d = delim[0] as string;
  const after = text[start + delim.length];
  if (after === undefined || /\s/.test(after)) return NOT_OPENER;
  // "_" inside a word (snake_case) is not emphasis.
  if (d === "_" && start > 0 && WORD.test(text[start - 1] as string)) return NOT_OPENER;
  let i = start + delim.length + 1;
  while (i < text.length) {
    if (text[i] === "`") {
      // Delimiters inside inline code do not count.
      const close = text.indexOf("`", i + 1);
      i = close === -1 ? i + 1 : close + 1;
      continue;
    }
    if (text.startsWith(delim, i) && !/\s/.test(text[i - 1] as string)) {
      const next = text[i + delim.length];
      const doubled = delim.length === 1 && next === d;
      const intraword = d === "_" && next !== undefined && WORD.test(next);
      if (!doubled && !intraword) return i;
    }
    // Skip a doubled delimiter while looking for a single one ("*a **b** c*").
    i += delim.length === 1 && text[i] === d && text[i + 1] === d ? 2 : 1;
  }
  return NONE_AFTER;
}
