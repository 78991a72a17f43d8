/**
 * Inline Markdown (`code`, **bold**, *italic*, [n] citations; links and images become their
 * label) rendered by building DOM nodes, in time linear in the text: one pass finds the
 * tokens, one pass pairs emphasis delimiters with a stack, one pass builds the nodes.
 */

/** Counts the steps the renderer takes; tests use it to check the work stays linear. */
export interface Work {
  steps: number;
}

export interface InlineOptions {
  /** Returns the link for citation n, or null to leave "[n]" as plain text. */
  citation?: (n: number) => Node | null;
  work?: Work;
}

/** Emphasis nested deeper than this stays as literal delimiters. */
export const MAX_DEPTH = 6;

const ESCAPABLE = "\\`*_[]()#+-.!<>{}|~";
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const CITATION_BODY = /^\s*(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\s*$/;
const CITATION_CHARS = /[\d\s,;]/;

type Tag = "em" | "strong";

interface Delim {
  ch: string;
  len: number;
  left: number;
  canOpen: boolean;
  canClose: boolean;
  /** Tags this run closes (at its start), innermost first. */
  closes: Tag[];
  /** Tags this run opens (at its end), innermost first. */
  opens: Tag[];
  /** Depth of the emphasis nested inside this opener so far. */
  inner: number;
  alive: boolean;
}

type Token = string | Node | Delim;

/** For every i: the first index >= i holding one of `chars` (text.length if none). */
function nextOf(text: string, chars: string, work: Work): Int32Array {
  const next = new Int32Array(text.length + 1);
  next[text.length] = text.length;
  for (let i = text.length - 1; i >= 0; i--) {
    next[i] = chars.includes(text[i] as string) ? i : (next[i + 1] as number);
  }
  work.steps += text.length;
  return next;
}

/** Start of each backtick run mapped to the start of the next run of the same length (or -1). */
function codeSpans(text: string, work: Work): Map<number, number> {
  const runs: [number, number][] = [];
  for (let i = 0; i < text.length; ) {
    work.steps++;
    if (text[i] === "\\" && ESCAPABLE.includes(text[i + 1] ?? " ")) i += 2;
    else if (text[i] === "`") {
      let j = i;
      while (text[j] === "`") j++;
      work.steps += j - i;
      runs.push([i, j - i]);
      i = j;
    } else i++;
  }
  const spans = new Map<number, number>();
  const nextByLength = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const [start, len] = runs[r] as [number, number];
    spans.set(start, nextByLength.get(len) ?? -1);
    nextByLength.set(len, start);
  }
  work.steps += runs.length;
  return spans;
}

function citationNodes(body: string, opts: InlineOptions): Token[] | null {
  const list = CITATION_BODY.exec(body)?.[1];
  if (!list || !opts.citation) return null;
  const nodes = list
    .split(/\s*[,;]\s*/)
    .map((n) => [n, opts.citation?.(Number(n)) ?? null] as const);
  if (!nodes.some(([, node]) => node !== null)) return null;
  return nodes.map(([n, node]) => node ?? `[${n}]`);
}

/** Splits the text into text, nodes (code, citations) and delimiter runs. */
function tokenize(text: string, doc: Document, opts: InlineOptions, work: Work): Token[] {
  const tokens: Token[] = [];
  const brackets = nextOf(text, "[]\n", work);
  const parens = nextOf(text, ")\n", work);
  const spans = codeSpans(text, work);
  let buf = "";
  const push = (token: Token): void => {
    if (buf) tokens.push(buf);
    buf = "";
    tokens.push(token);
  };
  let i = 0;
  while (i < text.length) {
    work.steps++;
    const ch = text[i] as string;
    if (ch === "\\" && ESCAPABLE.includes(text[i + 1] ?? " ")) {
      buf += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      let end = i;
      while (text[end] === "`") end++;
      const close = spans.get(i) ?? -1;
      if (close > i) {
        const code = doc.createElement("code");
        code.textContent = text.slice(end, close).replace(/^ (.*) $/, "$1");
        push(code);
        i = close + (end - i);
      } else {
        buf += text.slice(i, end);
        i = end;
      }
      continue;
    }
    const open = ch === "[" ? i : ch === "!" && text[i + 1] === "[" ? i + 1 : -1;
    if (open >= 0) {
      const close = brackets[open + 1] as number;
      if (text[close] === "]") {
        // A citation's body holds only digits and separators, so no two attempts overlap.
        let j = open + 1;
        while (j < close && CITATION_CHARS.test(text[j] as string)) j++;
        work.steps += j - open;
        const cite =
          ch === "[" && j === close ? citationNodes(text.slice(open + 1, close), opts) : null;
        if (cite) {
          for (const token of cite) push(token);
          i = close + 1;
          continue;
        }
        const end = text[close + 1] === "(" ? (parens[close + 2] as number) : -1;
        if (end > 0 && text[end] === ")") {
          // No model-written links or images: keep only the visible label, as text.
          buf += text.slice(open + 1, close);
          i = end + 1;
          continue;
        }
      }
    }
    if (ch === "*" || ch === "_") {
      let end = i;
      while (text[end] === ch) end++;
      work.steps += end - i;
      const before = text[i - 1];
      const after = text[end];
      const wordBefore = before !== undefined && WORD.test(before);
      const wordAfter = after !== undefined && WORD.test(after);
      const len = end - i;
      push({
        ch,
        len,
        left: len,
        // "_" inside a word (snake_case) is no emphasis.
        canOpen: after !== undefined && !SPACE.test(after) && (ch === "*" || !wordBefore),
        canClose: before !== undefined && !SPACE.test(before) && (ch === "*" || !wordAfter),
        closes: [],
        opens: [],
        inner: 0,
        alive: true,
      });
      i = end;
      continue;
    }
    buf += ch;
    i++;
  }
  if (buf) tokens.push(buf);
  return tokens;
}

/** Pairs closers with the nearest opener of the same character; what lies between is dropped. */
function pairDelimiters(tokens: Token[], work: Work): void {
  const stack: Delim[] = [];
  const byChar: Record<string, Delim[]> = { "*": [], _: [] };
  const topOf = (ch: string): Delim | undefined => {
    const list = byChar[ch] as Delim[];
    while (list.length > 0 && !list[list.length - 1]?.alive) list.pop();
    return list[list.length - 1];
  };
  const popTop = (): void => {
    const gone = stack.pop();
    if (!gone) return;
    gone.alive = false;
    const below = stack[stack.length - 1];
    if (below) below.inner = Math.max(below.inner, gone.inner);
  };
  for (const d of tokens) {
    if (typeof d === "string" || d instanceof Node) continue;
    work.steps++;
    while (d.canClose && d.left > 0) {
      work.steps++;
      const opener = topOf(d.ch);
      if (!opener) break;
      while (stack[stack.length - 1] !== opener) popTop();
      if (opener.inner + 1 > MAX_DEPTH) break;
      const use = opener.left >= 2 && d.left >= 2 ? 2 : 1;
      const tag: Tag = use === 2 ? "strong" : "em";
      opener.left -= use;
      d.left -= use;
      opener.opens.push(tag);
      d.closes.push(tag);
      opener.inner += 1;
      if (opener.left === 0) popTop();
    }
    if (d.canOpen && d.left > 0) {
      stack.push(d);
      byChar[d.ch]?.push(d);
    }
  }
}

/** Renders inline markup: `code`, **bold**, *italic*, [n]; links and images become their text. */
export function renderInline(
  text: string,
  doc: Document,
  opts: InlineOptions = {},
): DocumentFragment {
  const work = opts.work ?? { steps: 0 };
  const tokens = tokenize(text, doc, opts, work);
  pairDelimiters(tokens, work);
  const frag = doc.createDocumentFragment();
  const open: (DocumentFragment | HTMLElement)[] = [frag];
  const top = (): DocumentFragment | HTMLElement => open[open.length - 1] as HTMLElement;
  // Adjacent text (literal delimiters included) becomes one text node.
  let buf = "";
  const flush = (): void => {
    if (buf) top().append(doc.createTextNode(buf));
    buf = "";
  };
  for (const token of tokens) {
    work.steps++;
    if (typeof token === "string") buf += token;
    else if (token instanceof Node) {
      flush();
      top().append(token);
    } else {
      if (token.closes.length > 0) flush();
      for (let k = 0; k < token.closes.length && open.length > 1; k++) open.pop();
      buf += token.ch.repeat(token.left);
      if (token.opens.length > 0) flush();
      for (let k = token.opens.length - 1; k >= 0; k--) {
        const el = doc.createElement(token.opens[k] as Tag);
        top().append(el);
        open.push(el);
      }
    }
  }
  flush();
  return frag;
}
