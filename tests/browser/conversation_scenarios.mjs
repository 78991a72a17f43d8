// The summary's conversation (client/src/features/summary/conversation.ts) in Chromium: the follow-up
// input reached and used by keyboard, two turns, a related question's button, Share opened
// in a fresh context without cookies or JavaScript. driver.mjs adds these to its scenarios.

/** Runs in the page: what the conversation shows, and what sits outside the viewport. */
function conversationReport() {
  const box = document.getElementById("ai-summary");
  const shown = (el) => el !== null && el.closest("[hidden]") === null && getComputedStyle(el).display !== "none";
  const width = document.documentElement.clientWidth;
  const outside = [...(box?.querySelectorAll("*") ?? [])]
    .filter((el) => shown(el) && el.getClientRects().length > 0)
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.left < -1 || r.right > width + 1);
    })
    .map((el) => el.className || el.tagName);
  const input = document.getElementById("ai-follow-up-input");
  return {
    inputShown: shown(input),
    label: input ? document.querySelector(`label[for="${input.id}"]`)?.textContent ?? null : null,
    readOnly: input?.readOnly ?? null,
    inputDirection: input ? getComputedStyle(input).direction : null,
    focused: document.activeElement?.id || document.activeElement?.className || null,
    related: [...(box?.querySelectorAll(".ai-related__btn") ?? [])].filter(shown).map((b) => b.textContent),
    share: shown(box?.querySelector(".ai-follow-up__share") ?? null),
    shareLink: box?.querySelector(".ai-share__link")?.getAttribute("href") ?? null,
    turns: [...(box?.querySelectorAll(".ai-turn") ?? [])].map((t) => ({
      turn: t.dataset.turn,
      state: t.dataset.state,
      question: t.querySelector(".ai-turn__question")?.textContent ?? "",
      searched: t.querySelector(".ai-turn__searched")?.textContent ?? "",
      answer: t.querySelector(".ai-turn__answer")?.textContent ?? "",
      cites: [...t.querySelectorAll(".ai-turn__answer a.ai-cite")].map((a) => ({
        n: a.dataset.n,
        href: a.getAttribute("href"),
      })),
      used: t.querySelector(".ai-summary__used")?.textContent ?? "",
      flags: t.querySelectorAll(".ai-turn__answer .ai-flag").length,
      buttons: [...t.querySelectorAll(".ai-turn__btn")].filter(shown).map((b) => b.dataset.action),
    })),
    firstFlags: box?.querySelectorAll(".ai-summary__answer .ai-flag").length ?? 0,
    live: box?.querySelector(".ai-summary__live")?.textContent ?? "",
    dir: document.documentElement.dir,
    viewport: width,
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    outside,
    resultsTop: Math.round(
      (document.getElementById("result-1")?.getBoundingClientRect().top ?? 0) + window.scrollY,
    ),
  };
}

async function turnsDone(page, n) {
  await page.waitForFunction(
    (count) => {
      const turns = [...document.querySelectorAll(".ai-turn")];
      return turns.length === count && turns.every((t) => ["done", "error"].includes(t.dataset.state ?? ""));
    },
    n,
    { timeout: 30000, polling: 20 },
  );
}

/** What a reader without cookies or JavaScript sees at a share link. */
async function openShared(page, url, locale) {
  const context = await page
    .context()
    .browser()
    .newContext({ javaScriptEnabled: false, ...(locale ? { locale } : {}) });
  try {
    const fresh = await context.newPage();
    const response = await fresh.goto(url);
    const report = await fresh.evaluate(() => ({
      title: document.title,
      robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
      questions: [...document.querySelectorAll(".shared-question")].map((h) => h.textContent.trim()),
      answers: [...document.querySelectorAll(".shared-text")].map((t) => t.textContent.trim()),
      sources: document.querySelectorAll(".shared-sources li").length,
      flags: document.querySelectorAll(".shared-text .ai-flag").length,
      forms: document.querySelectorAll("form.ai-follow-up, #ai-summary").length,
      dir: document.documentElement.dir,
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      viewport: document.documentElement.clientWidth,
    }));
    const cookies = await context.cookies();
    return {
      status: response?.status() ?? 0,
      robotsHeader: response?.headers()["x-robots-tag"] ?? null,
      cookiesSent: cookies.length,
      ...report,
    };
  } finally {
    await context.close();
  }
}

export const CONVERSATION = {
  /** The first answer, a follow-up typed and sent by keyboard, a related question clicked,
      Share pressed by keyboard and its link opened in a fresh context without JavaScript. */
  async conversation(page, spec) {
    await page.goto(spec.url);
    await page.waitForFunction(() => document.getElementById("ai-summary")?.dataset.state === "done", null, {
      timeout: 30000,
      polling: 20,
    });
    await page.waitForSelector("#ai-follow-up-input", { state: "visible" });
    const afterFirst = await page.evaluate(conversationReport);
    const topsAtDone = await page.evaluate(() => window.__probe?.tops.slice() ?? []);
    // The keyboard path: from the first answer's Copy button, Tab reaches the related
    // questions and the input; the question is typed and sent with Enter.
    await page.focus(".ai-summary__btn--copy");
    const tabs = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const at = await page.evaluate(() => document.activeElement?.id || document.activeElement?.className);
      tabs.push(at);
      if (at === "ai-follow-up-input") break;
    }
    await page.keyboard.type(spec.question);
    await page.keyboard.press("Enter");
    const whileStreaming = await page.evaluate(conversationReport);
    await turnsDone(page, 1);
    const afterSecond = await page.evaluate(conversationReport);
    await page.click(".ai-related__btn >> nth=0");
    await turnsDone(page, 2);
    const afterThird = await page.evaluate(conversationReport);
    await screenshots(page, spec.screenshots);
    await page.focus(".ai-follow-up__share");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".ai-share__link", { timeout: 15000 });
    const shared = await page.evaluate(conversationReport);
    const opened = await openShared(page, shared.shareLink, spec.locale);
    return { afterFirst, topsAtDone, tabs, whileStreaming, afterSecond, afterThird, shared, opened };
  },
};

/** The summary box alone (the conversation makes it longer than the viewport). */
async function screenshots(page, paths) {
  for (const p of paths ?? []) await page.locator("#ai-summary").screenshot({ path: p });
}
