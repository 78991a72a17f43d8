/** Builds a results page like the server's, for the box and router tests. */
import { DATA } from "./fake_server";

export function setupPage(
  opts: { mode?: string; settings?: Record<string, unknown>; data?: unknown } = {},
): HTMLElement {
  const doc = document;
  doc.documentElement.lang = "en";
  doc.body.replaceChildren();
  doc.body.dataset.page = "results";
  const settings = doc.createElement("script");
  settings.type = "application/json";
  settings.id = "client-settings";
  settings.textContent = JSON.stringify({
    ui_lang: "en",
    ai_summary_mode: "always",
    ...opts.settings,
  });
  const box = doc.createElement("section");
  box.id = "ai-summary";
  box.className = "ai-summary";
  box.setAttribute("aria-label", "AI summary");
  box.dataset.mode = opts.mode ?? "always";
  const data = doc.createElement("script");
  data.type = "application/json";
  data.id = "ai-summary-data";
  data.textContent = JSON.stringify(opts.data ?? { evidence: DATA.raw, signature: DATA.signature });
  box.append(data);
  doc.body.append(settings, box);
  DATA.evidence.sources.forEach((s, i) => {
    const article = doc.createElement("article");
    article.className = "result";
    article.id = `result-${i + 1}`;
    const h3 = doc.createElement("h3");
    const a = doc.createElement("a");
    a.href = s.url;
    a.textContent = s.title;
    h3.append(a);
    const p = doc.createElement("p");
    p.className = "content";
    p.textContent = s.snippet;
    article.append(h3, p);
    doc.body.append(article);
  });
  return box;
}

export async function until(cond: () => boolean, what = "condition"): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}
