/**
 * Citation resolver: maps a model-written number to a source the model was actually
 * given, and that source to the result on this page (by link href) or, failing that, its url.
 */
import { isWebUrl, type Source } from "./protocol";

export interface Citation {
  n: number;
  source: Source;
  /** "#result-N" when the result is on this page, else the source url itself. */
  href: string;
  /** The result's <article> on this page, if found. */
  target: HTMLElement | null;
}

function normalise(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

export class CitationResolver {
  private readonly byN = new Map<number, Source>();

  constructor(
    sources: readonly Source[],
    private readonly doc: Document,
  ) {
    for (const s of sources) {
      if (Number.isInteger(s.n) && s.n > 0 && isWebUrl(s.url) && !this.byN.has(s.n)) {
        this.byN.set(s.n, s);
      }
    }
  }

  get size(): number {
    return this.byN.size;
  }

  /** null unless n names a source the model was given: other numbers stay plain text. */
  resolve(n: number): Citation | null {
    const source = this.byN.get(n);
    if (!source) return null;
    const target = this.findResult(source.url);
    const href = target?.id ? `#${target.id}` : source.url;
    return { n, source, href, target };
  }

  private findResult(url: string): HTMLElement | null {
    const base = this.doc.baseURI;
    const wanted = normalise(url, base);
    const links = this.doc.querySelectorAll<HTMLAnchorElement>("article.result h3 a[href]");
    for (const a of links) {
      const href = a.getAttribute("href") ?? "";
      if (href === url || (wanted !== null && normalise(href, base) === wanted)) {
        return a.closest<HTMLElement>("article.result");
      }
    }
    return null;
  }
}

/** The host name shown next to a source title ("example.org"), without "www.". */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** Builds the citation link: text "[n]", an in-page or http(s) href, never anything else. */
export function citationLink(c: Citation, doc: Document): HTMLAnchorElement {
  const a = doc.createElement("a");
  a.className = "ai-cite";
  a.href = c.href;
  a.dataset.n = String(c.n);
  a.textContent = `[${c.n}]`;
  if (!c.target) {
    a.target = "_blank";
    a.rel = "noopener noreferrer";
  }
  return a;
}
