// The search box's suggestions (client/src/features/suggest.ts), driven by keyboard in Chromium.
// driver.mjs adds these to its scenarios; the pytest side asserts on what they report.

/** Runs in the page: what a screen reader is told about the box, and where the list sits. */
function comboReport() {
  const input = document.getElementById("q");
  const list = document.getElementById("q-suggestions");
  const live = document.querySelector(".suggest [role=status]");
  const box = (el) => {
    if (!el || el.hidden) return null;
    const r = el.getBoundingClientRect();
    return { left: Math.round(r.left), right: Math.round(r.right), top: Math.round(r.top), bottom: Math.round(r.bottom) };
  };
  const active = input?.getAttribute("aria-activedescendant");
  return {
    value: input?.value ?? null,
    role: input?.getAttribute("role") ?? null,
    expanded: input?.getAttribute("aria-expanded") ?? null,
    controls: input?.getAttribute("aria-controls") ?? null,
    autocomplete: input?.getAttribute("aria-autocomplete") ?? null,
    activedescendant: active ?? null,
    activeText: active ? (document.getElementById(active)?.textContent ?? null) : null,
    listRole: list?.getAttribute("role") ?? null,
    listLabel: list?.getAttribute("aria-label") ?? null,
    listShown: list ? !list.hidden && getComputedStyle(list).display !== "none" : false,
    options: [...(list?.querySelectorAll("[role=option]") ?? [])].map((o) => ({
      text: o.textContent,
      selected: o.getAttribute("aria-selected"),
      id: o.id,
    })),
    live: live?.textContent ?? null,
    liveRole: live?.getAttribute("aria-live") ?? null,
    focused: document.activeElement === input,
    inputBox: box(input),
    listBox: box(list),
    viewport: window.innerWidth,
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    dir: document.documentElement.dir,
  };
}

async function waitOptions(page, timeout = 10000) {
  await page.waitForFunction(
    () => document.querySelectorAll("#q-suggestions [role=option]").length > 0,
    null,
    { timeout, polling: 20 },
  );
}

/** Polls a condition of the driver's own (what the route handler saw), never a fixed sleep. */
async function until(cond, timeout = 10000) {
  const end = Date.now() + timeout;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out waiting in the driver");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Records /autocompleter requests; the answer to the words in `spec.hold` waits until `release()`
 * (a later query's answer has been shown), then arrives: a stale answer, which the box must drop.
 * `settled` resolves once it was delivered (or found its request aborted).
 */
async function holdStale(page, spec, seen) {
  let release;
  let settle;
  const released = new Promise((r) => {
    release = r;
  });
  const settled = new Promise((r) => {
    settle = r;
  });
  if (!spec.hold) settle();
  seen.autocompleter = [];
  await page.route("**/autocompleter", async (route) => {
    const req = route.request();
    const q = new URLSearchParams(req.postData() ?? "").get("q") ?? "";
    seen.autocompleter.push({ method: req.method(), url: req.url(), q });
    if (spec.hold && q === spec.hold) {
      await released;
      await route
        .fulfill({ status: 200, contentType: "application/json", body: JSON.stringify([q, ["STALE answer"]]) })
        .catch(() => seen.autocompleter.push({ aborted: q }));
      settle();
      return;
    }
    await route.continue();
  });
  return { release: () => release(), settled };
}

export const SUGGEST = {
  /** Type, read the list, move with the arrows, Escape, open again, Enter: the search it lands on. */
  async suggest(page, spec, seen) {
    const stale = await holdStale(page, spec, seen);
    await page.goto(spec.url);
    await page.waitForFunction(() => document.getElementById("q")?.getAttribute("role") === "combobox", null, {
      timeout: 10000,
    });
    const mounted = await page.evaluate(comboReport);
    await page.fill("#q", ""); // a results page's box holds its query
    if (spec.hold) {
      await page.keyboard.type(spec.hold, { delay: 30 });
      await until(() => seen.autocompleter.some((r) => r.q === spec.hold)); // its request is in flight
    }
    await page.keyboard.type(spec.type, { delay: 30 });
    await waitOptions(page);
    stale.release();
    await stale.settled;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const open = await page.evaluate(comboReport);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const moved = await page.evaluate(comboReport);
    for (const p of spec.screenshots ?? []) await page.screenshot({ path: p, fullPage: false });
    await page.keyboard.press("Escape");
    const escaped = await page.evaluate(comboReport);
    await page.keyboard.press("ArrowDown");
    const reopened = await page.evaluate(comboReport);
    const from = page.url();
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/search" && u.href !== from, { timeout: 10000 }),
      page.keyboard.press("Enter"),
    ]);
    const landed = new URL(page.url());
    return {
      mounted,
      open,
      moved,
      escaped,
      reopened,
      landed: { path: landed.pathname, q: landed.searchParams.get("q") },
    };
  },

  /** Without JavaScript: a plain search field that still searches. */
  async suggestNoJs(page, spec) {
    await page.goto(spec.url);
    await page.focus("#q");
    await page.keyboard.type(spec.type, { delay: 20 });
    const typed = await page.evaluate(comboReport);
    await Promise.all([page.waitForURL(/\/search\?/, { timeout: 10000 }), page.keyboard.press("Enter")]);
    return { typed, landed: new URL(page.url()).searchParams.get("q") };
  },
};
