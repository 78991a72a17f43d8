// Drives Debian's Chromium (playwright-core) through one scenario against the running app.
// Usage: node driver.mjs '<json spec>'; prints one JSON object (what it observed) on stdout.
// The pytest side starts the servers, runs this, and asserts on what it reports.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CONVERSATION } from "./conversation_scenarios.mjs";
import { SUGGEST } from "./suggest_scenarios.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "..", "..", "client", "package.json"));
const { chromium } = require("playwright-core");

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const TERMINAL = ["done", "error", "interrupted", "stopped"];

/** Runs in the page before its own scripts: logs the box's states, texts and the first result's position. */
function probeScript() {
  const log = { states: [], texts: [], live: [], busy: [], tops: [], loading: [] };
  window.__probe = log;
  document.addEventListener("DOMContentLoaded", () => {
    const box = document.getElementById("ai-summary");
    const first = document.getElementById("result-1");
    const top = () =>
      first ? Math.round(first.getBoundingClientRect().top + window.scrollY) : null;
    log.tops.push(top());
    if (!box) return;
    const record = () => {
      const state = box.dataset.state ?? "";
      if (log.states.at(-1) !== state) log.states.push(state);
      const answer = box.querySelector(".ai-summary__answer");
      const text = answer?.textContent ?? "";
      if (state === "streaming" && log.texts.at(-1) !== text) log.texts.push(text);
      if (state === "streaming") log.busy.push(answer?.getAttribute("aria-busy"));
      const loading = box.querySelector(".ai-summary__loading")?.textContent ?? "";
      if (loading && log.loading.at(-1) !== loading) log.loading.push(loading);
      const live = box.querySelector(".ai-summary__live")?.textContent ?? "";
      if (live && log.live.at(-1) !== live) log.live.push(live);
      if (!box.dataset.expanded) log.tops.push(top());
    };
    new MutationObserver(record).observe(box, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

async function instrument(page, spec) {
  const seen = { requests: [], dialogs: [], console: [], pageErrors: [] };
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/ai_summary") {
      seen.requests.push({ method: req.method(), body: req.postData() });
    }
  });
  page.on("dialog", (d) => {
    seen.dialogs.push(d.message());
    d.dismiss().catch(() => undefined);
  });
  page.on("console", (m) => seen.console.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => seen.pageErrors.push(String(e)));
  await page.addInitScript(probeScript);
  if (spec.mutate) await mutate(page, spec.mutate);
  return seen;
}

/** Alters the box's POST on its way out (to provoke the server's refusals), or answers it. */
async function mutate(page, how) {
  await page.route("**/ai_summary", async (route) => {
    const req = route.request();
    if (how.fulfill) {
      await route.fulfill(how.fulfill);
    } else if (how.body === "invalid") {
      await route.continue({ postData: "{not json" });
    } else if (how.signature) {
      const body = JSON.parse(req.postData() ?? "{}");
      body.signature = how.signature;
      await route.continue({ postData: JSON.stringify(body) });
    } else if (how.host) {
      // Same path on another host name: the browser's Origin header then names a foreign site.
      const url = new URL(req.url());
      url.host = how.host;
      await route.continue({ url: url.href });
    } else {
      await route.continue();
    }
  });
}

async function waitState(page, states, timeout = 20000) {
  await page.waitForFunction(
    (wanted) => wanted.includes(document.getElementById("ai-summary")?.dataset.state ?? ""),
    states,
    { timeout, polling: 20 },
  );
}

async function boxReport(page) {
  return page.evaluate(() => {
    const box = document.getElementById("ai-summary");
    const text = (sel) => box?.querySelector(sel)?.textContent ?? null;
    return {
      present: box !== null,
      hidden: box ? box.hidden || getComputedStyle(box).display === "none" : null,
      state: box?.dataset.state ?? null,
      error: box?.dataset.error ?? null,
      answer: text(".ai-summary__answer"),
      basis: text(".ai-summary__basis"),
      model: text(".ai-summary__model"),
      note: box?.querySelector(".ai-summary__note")?.hidden ? "" : text(".ai-summary__note"),
      buttons: [...(box?.querySelectorAll(".ai-summary__btn") ?? [])]
        .filter((b) => !b.hidden)
        .map((b) => b.dataset.action),
      busy: box?.querySelector(".ai-summary__answer")?.getAttribute("aria-busy") ?? null,
      heights: Object.fromEntries(
        ["head", "body", "actions"].map((part) => [
          part,
          box?.querySelector(`.ai-summary__${part}`)?.getBoundingClientRect().height ?? 0,
        ]),
      ),
      probe: window.__probe,
    };
  });
}

async function screenshots(page, paths) {
  for (const p of paths ?? []) await page.screenshot({ path: p, fullPage: false });
}

const SCENARIOS = {
  /** Load the page and let the answer run to its end. */
  async stream(page, spec) {
    await page.goto(spec.url);
    await waitState(page, TERMINAL);
    await page.waitForTimeout(50);
    await screenshots(page, spec.screenshots);
    const report = await boxReport(page);
    if (spec.expand && report.buttons.includes("more")) {
      await page.click(".ai-summary__btn--more");
      report.expanded = await boxReport(page);
    }
    return report;
  },

  /** After the answer: every citation's link, its tip on focus and hover, and a jump. */
  async citations(page, spec) {
    const report = await SCENARIOS.stream(page, spec);
    const cites = page.locator("a.ai-cite");
    report.cites = [];
    for (let i = 0; i < (await cites.count()); i++) {
      const link = cites.nth(i);
      await link.focus();
      const tip = page.locator("#ai-summary-tip");
      const focused = {
        visible: await tip.isVisible(),
        title: await tip.locator(".ai-summary__tip-title").textContent(),
        site: await tip.locator(".ai-summary__tip-site").textContent(),
        snippet: await tip.locator(".ai-summary__tip-snippet").textContent(),
        describedby: await link.getAttribute("aria-describedby"),
      };
      await page.keyboard.press("Escape");
      const hiddenAfterEscape = !(await tip.isVisible());
      await page.mouse.move(0, 0);
      await link.hover();
      const hovered = await tip.locator(".ai-summary__tip-snippet").textContent();
      await page.mouse.move(0, 0);
      report.cites.push({
        n: await link.getAttribute("data-n"),
        href: await link.getAttribute("href"),
        text: await link.textContent(),
        focused,
        hiddenAfterEscape,
        hovered,
      });
    }
    report.results = await page.evaluate(() =>
      [...document.querySelectorAll("article.result")].map((a) => ({
        id: a.id,
        href: a.querySelector("h3 a")?.getAttribute("href"),
        title: a.querySelector("h3 a")?.textContent,
      })),
    );
    const inPage = page.locator('a.ai-cite[href^="#result-"]').last();
    if ((await inPage.count()) > 0) {
      await inPage.focus();
      await page.keyboard.press("Enter");
      await page.waitForTimeout(600);
      report.jump = await page.evaluate(() => {
        const article = document.activeElement?.closest("article.result");
        const r = article?.getBoundingClientRect();
        return {
          focusedResult: article?.id ?? null,
          inViewport: r ? r.top >= -1 && r.top < window.innerHeight : false,
        };
      });
    }
    return report;
  },

  /** Stop by keyboard while the answer streams. */
  async stop(page, spec) {
    await page.goto(spec.url);
    await waitState(page, ["streaming"]);
    await page.waitForFunction(
      () => (document.querySelector(".ai-summary__answer")?.textContent ?? "").length > 0,
    );
    await page.focus(".ai-summary__btn--stop");
    await page.keyboard.press("Enter");
    await waitState(page, TERMINAL);
    const report = await boxReport(page);
    report.focusedAction = await page.evaluate(
      () => document.activeElement?.dataset?.action ?? null,
    );
    return report;
  },

  /** On click: nothing is sent until the button is pressed. */
  async click(page, spec, seen) {
    await page.goto(spec.url);
    await waitState(page, ["idle"]);
    await page.waitForFunction(() => !document.querySelector(".ai-summary__btn--ask")?.hidden);
    await page.waitForTimeout(spec.waitMs ?? 500);
    const before = { ...(await boxReport(page)), requests: seen.requests.length };
    await screenshots(page, spec.screenshots);
    await page.focus(".ai-summary__btn--ask");
    await page.keyboard.press("Enter");
    await waitState(page, TERMINAL);
    return { before, after: await boxReport(page) };
  },

  /** Copy, then Regenerate (which must bypass the answer cache). */
  async actions(page, spec, seen) {
    await SCENARIOS.stream(page, spec);
    await page.click(".ai-summary__btn--copy");
    await page.waitForFunction(
      () => document.querySelector(".ai-summary__btn--copy")?.textContent === "Copied",
    );
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    await page.click(".ai-summary__btn--regenerate");
    await waitState(page, ["loading", "streaming"]);
    await waitState(page, TERMINAL);
    const fresh = seen.requests.map((r) => JSON.parse(r.body ?? "{}").fresh);
    return { ...(await boxReport(page)), clipboard, fresh };
  },

  /** Load and wait: for pages that must send nothing. */
  async idle(page, spec) {
    await page.goto(spec.url);
    await page.waitForLoadState("load");
    await page.waitForTimeout(spec.waitMs ?? 800);
    return boxReport(page);
  },

  /** A page whose answer is held open, then a second one (to see "busy"). */
  async twoPages(page, spec) {
    await page.goto(spec.url);
    await waitState(page, ["streaming"]);
    const second = await page.context().newPage();
    await second.goto(spec.url2);
    await waitState(second, TERMINAL);
    return { first: await boxReport(page), second: await boxReport(second) };
  },

  /** Everything an attacker could hope to run: hover every citation, then look for effects. */
  async xss(page, spec) {
    const report = await SCENARIOS.stream(page, spec);
    for (const link of await page.locator("a.ai-cite").all()) {
      await link.hover();
      await link.focus();
    }
    await page.waitForTimeout(300);
    report.effects = await page.evaluate(() => ({
      pwned: window.pwned ?? null,
      liveInBox: document.querySelectorAll(
        "#ai-summary :is(img, script, iframe, svg, [onerror], [onclick], [onmouseover]), #ai-summary .ai-summary__answer [style]",
      ).length,
      pageImages: document.querySelectorAll("img, iframe, object, embed").length,
      boxLinks: [...document.querySelectorAll("#ai-summary a")].map((a) => a.getAttribute("href")),
      tip: document.getElementById("ai-summary-tip")?.textContent ?? "",
    }));
    return report;
  },

  /** Sentence support marks: after the answer, after Regenerate, and replayed from the cache on reload. */
  async support(page, spec) {
    const marks = () =>
      page.evaluate(() => {
        const box = document.getElementById("ai-summary");
        const bySentence = new Map();
        for (const el of box?.querySelectorAll(".ai-flag") ?? []) {
          const key = el.dataset.mark;
          const seen = bySentence.get(key) ?? {
            state: el.dataset.state,
            title: el.title,
            text: "",
            underline: getComputedStyle(el).textDecorationStyle,
          };
          seen.text += el.textContent;
          bySentence.set(key, seen);
        }
        const caution = box?.querySelector(".ai-summary__caution");
        return {
          flags: [...bySentence.values()],
          srTexts: [...(box?.querySelectorAll(".ai-summary__sr") ?? [])].map((e) => e.textContent),
          used: box?.querySelector(".ai-summary__used")?.textContent ?? "",
          caution: caution && !caution.hidden ? caution.textContent : "",
          cached: !(box?.querySelector(".ai-summary__badge")?.hidden ?? true),
        };
      });
    const aria = async () => {
      // What a screen reader gets for the answer: the accessibility tree's text.
      const snapshot = await page.locator(".ai-summary__answer").ariaSnapshot();
      return snapshot;
    };
    const first = await SCENARIOS.stream(page, spec);
    first.marks = await marks();
    first.aria = await aria();
    await page.click(".ai-summary__btn--regenerate");
    await waitState(page, ["loading", "streaming"]);
    await waitState(page, TERMINAL);
    const regenerated = { ...(await boxReport(page)), marks: await marks() };
    await page.reload();
    await waitState(page, TERMINAL);
    await page.waitForTimeout(50);
    const replayed = { ...(await boxReport(page)), marks: await marks(), aria: await aria() };
    return { first, regenerated, replayed };
  },

  /** Pages read for the answer: the header after it, and the first citation's tip. */
  async reading(page, spec) {
    const report = await SCENARIOS.stream(page, spec);
    report.read = await page.evaluate(
      () => document.querySelector(".ai-summary__read")?.textContent ?? "",
    );
    await page.locator(".ai-summary__answer a.ai-cite").first().focus();
    report.passages = await page.evaluate(() =>
      [...document.querySelectorAll("#ai-summary-tip .ai-summary__tip-passage")].map(
        (e) => e.textContent,
      ),
    );
    return report;
  },

  /** Small screen, dark scheme, reduced motion: geometry and computed styles. */
  async layout(page, spec) {
    const report = await SCENARIOS.stream(page, spec);
    report.layout = await page.evaluate(() => {
      const box = document.getElementById("ai-summary");
      const probe = document.createElement("p");
      probe.className = "ai-summary__loading";
      box?.append(probe);
      const animation = getComputedStyle(probe).animationName;
      probe.remove();
      const r = box?.getBoundingClientRect();
      return {
        viewport: window.innerWidth,
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        boxLeft: r?.left ?? 0,
        boxRight: r?.right ?? 0,
        background: box ? getComputedStyle(box).backgroundColor : "",
        color: box ? getComputedStyle(box).color : "",
        loadingAnimation: animation,
      };
    });
    return report;
  },
  /** A right-to-left page: direction, mirrored header and box, nothing past the viewport's edges. */
  async rtl(page, spec) {
    const report = await SCENARIOS.stream(page, spec);
    report.rtl = await page.evaluate(directionReport);
    return report;
  },

  /** Any page without waiting for a summary: direction and overflow (e.g. the preferences). */
  async direction(page, spec) {
    await page.goto(spec.url);
    await screenshots(page, spec.screenshots);
    return { rtl: await page.evaluate(directionReport) };
  },
};

/** Runs in the page: its language and direction, what sits where, what overflows the viewport. */
function directionReport() {
  const html = document.documentElement;
  const rect = (sel) => document.querySelector(sel)?.getBoundingClientRect().toJSON() ?? null;
  const style = (sel, prop) => {
    const e = document.querySelector(sel);
    return e ? getComputedStyle(e)[prop] : null;
  };
  const width = window.innerWidth;
  const overflowing = [...document.querySelectorAll("body *")]
    // a map's tiles reach past its box, which clips them: the box itself is measured
    .filter((e) => !e.closest(".skip-link, .visually-hidden, .leaflet-pane, .leaflet-control-container"))
    .filter((e) => e.getClientRects().length > 0)
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && (r.left < -1 || r.right > width + 1);
    })
    // what a box inside the page clips (a cut address's parts) is not seen past it: that box is measured
    .filter((e) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== "visible") {
          const r = a.getBoundingClientRect();
          return !(r.left >= -1 && r.right <= width + 1);
        }
      }
      return true;
    })
    .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
  return {
    lang: html.lang,
    dir: html.dir,
    direction: getComputedStyle(document.body).direction,
    boxDirection: style("#ai-summary", "direction"),
    answerDirection: style(".ai-summary__answer", "direction"),
    modelDirection: style(".ai-summary__model", "direction"),
    viewport: width,
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    overflowing,
    brand: rect(".brand"),
    nav: rect(".site-header nav"),
    box: rect("#ai-summary"),
    title: rect(".ai-summary__title"),
    firstResult: rect(".results h3 a"),
    title_text: document.querySelector(".ai-summary__title")?.textContent ?? "",
    skip: document.querySelector(".skip-link")?.textContent ?? "",
  };
}

/** Runs in the page: the colours the style gave the page and the summary box. */
function lookReport() {
  const html = document.documentElement;
  const color = (sel, prop) => {
    const e = document.querySelector(sel);
    return e ? getComputedStyle(e)[prop] : null;
  };
  return {
    htmlClass: html.className,
    scheme: document.querySelector('meta[name="color-scheme"]')?.getAttribute("content") ?? "",
    colorScheme: getComputedStyle(html).colorScheme,
    background: color("body", "backgroundColor"),
    text: color("body", "color"),
    panel: getComputedStyle(html).getPropertyValue("--panel").trim(),
    summary: color("#ai-summary", "backgroundColor"),
    mainLeft: Math.round(document.querySelector("main")?.getBoundingClientRect().left ?? 0),
    mainRight: Math.round(document.querySelector("main")?.getBoundingClientRect().right ?? 0),
    brand: document.querySelector(".brand")?.getBoundingClientRect().toJSON() ?? null,
    content: document.querySelector("main > *")?.getBoundingClientRect().toJSON() ?? null,
  };
}

/** Runs in the page: the results form's selectors, where they are and what they hold. */
function filtersReport() {
  const box = document.querySelector(".search-filters");
  const rect = (e) => e?.getBoundingClientRect().toJSON() ?? null;
  return {
    url: location.href,
    values: Object.fromEntries(
      [...document.querySelectorAll(".search-filters select")].map((s) => [s.name, s.value]),
    ),
    apply: (() => {
      const b = document.querySelector(".filters-apply");
      return b ? { hidden: b.hidden, visible: b.getClientRects().length > 0 } : null;
    })(),
    box: rect(box),
    selects: [...document.querySelectorAll(".search-filters select")].map(rect),
    input: rect(document.getElementById("q")),
  };
}

Object.assign(SCENARIOS, {
  /** A page in a style (colours, scheme) and its direction, with a screenshot. */
  async look(page, spec) {
    await page.goto(spec.url, { waitUntil: "load" });
    await screenshots(page, spec.screenshots);
    return { look: await page.evaluate(lookReport), rtl: await page.evaluate(directionReport) };
  },

  /** The results form's selectors: pick a value (with JavaScript it submits; without, Apply does). */
  async filters(page, spec) {
    await page.goto(spec.url, { waitUntil: "load" });
    const before = await page.evaluate(filtersReport);
    const layout = await page.evaluate(directionReport);
    await screenshots(page, spec.screenshots);
    const steps = [];
    for (const [name, value] of spec.choose ?? []) {
      const navigated = page.waitForNavigation({ waitUntil: "load", timeout: 5000 }).then(
        () => true,
        () => false,
      );
      await page.selectOption(`.search-filters select[name="${name}"]`, value);
      let submitted = await navigated;
      if (!submitted && spec.apply) {
        await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click(".filters-apply")]);
        submitted = "apply";
      }
      steps.push({ submitted, ...(await page.evaluate(filtersReport)) });
    }
    return { before, layout, steps };
  },

  /** The keyboard shortcuts: each key of spec.keys (those of spec.navigates load another page), then
   *  what is selected, focused and shown. */
  async hotkeys(page, spec) {
    await page.goto(spec.url, { waitUntil: "load" });
    const steps = [];
    for (const key of spec.keys ?? []) {
      const url = page.url();
      if ((spec.navigates ?? []).includes(key)) {
        await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.keyboard.press(key)]);
      } else {
        await page.keyboard.press(key);
      }
      steps.push(
        await page.evaluate(
          ([before]) => ({
            key: null,
            moved: location.href !== before,
            url: location.href,
            selected: [...document.querySelectorAll("article.result[data-selected]")].map((a) => a.id),
            focused: document.activeElement?.id || document.activeElement?.textContent?.trim() || "",
            help: !(document.getElementById("hotkeys-help")?.hidden ?? true),
          }),
          [url],
        ),
      );
      steps.at(-1).key = key;
      if (spec.screenshotAt === key) await screenshots(page, spec.screenshots);
    }
    return { steps };
  },
});

/** A 4x3 grey PNG: what a stubbed picture host answers. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000040000000308020000003b9639910000000e49444154789c636840020c" +
    "3839005f3612018e731cab0000000049454e44ae426082",
  "hex",
);

/** Nothing leaves loopback: other hosts (a video player) get a local stub page; with
 * spec.pictures, their picture requests get a PNG after spec.pictureDelay ms (picture hosts). */
async function stubForeignHosts(page, seen, spec = {}) {
  seen.foreign = [];
  seen.foreignPictures = [];
  await page.route(
    (url) => url.hostname !== "127.0.0.1",
    async (route) => {
      const req = route.request();
      if (spec.pictures && req.resourceType() === "image") {
        seen.foreignPictures.push(req.url());
        await new Promise((resolve) => setTimeout(resolve, spec.pictureDelay ?? 600));
        await route.fulfill({ status: 200, contentType: "image/png", body: PNG });
        return;
      }
      seen.foreign.push(req.url());
      await route.fulfill({ status: 200, contentType: "text/html", body: "<p>player stub</p>" });
    },
  );
}

/** Runs in the page before its scripts: sums the layout shifts not caused by input (window.__shift.total). */
function observeShifts() {
  window.__shift = { total: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shift.total += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** Tile rectangles of the image grid (rounded px). */
function tileRects() {
  return [...document.querySelectorAll(".image-grid .image-tile")].map((a) => {
    const r = a.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)];
  });
}

Object.assign(SCENARIOS, {
  /** The image grid: geometry before and after the thumbnails arrive, keyboard, detail panels. */
  async images(page, spec, seen) {
    await stubForeignHosts(page, seen, spec);
    await page.addInitScript(observeShifts);
    await page.goto(spec.url, { waitUntil: "domcontentloaded" });
    const before = await page.evaluate(tileRects);
    const pending = await page.evaluate(
      () => [...document.querySelectorAll(".image-grid img")].filter((i) => !i.complete).length,
    );
    // the thumbnails in view have arrived (lazy ones further down load only when scrolled to)
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll(".image-grid img")]
          .filter((i) => i.getBoundingClientRect().top < window.innerHeight)
          .every((i) => i.complete && i.naturalWidth > 0),
      null,
      { timeout: 20000, polling: 50 },
    );
    const after = await page.evaluate(tileRects);
    const shift = await page.evaluate(() => window.__shift.total);
    // keyboard: Tab to the first tile, open it, go to the next image, close
    const steps = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const cls = await page.evaluate(() => document.activeElement?.className ?? "");
      if (cls === "image-tile") break;
    }
    const panel = async () =>
      page.evaluate(() => {
        const shown = [...document.querySelectorAll(".image-detail")].filter(
          (d) => getComputedStyle(d).display !== "none",
        );
        const img = shown[0]?.querySelector(".image-full img");
        return { hash: location.hash, shown: shown.map((d) => d.id), full: img?.getAttribute("src") ?? null };
      });
    await page.keyboard.press("Enter");
    steps.push(await panel());
    await page.focus("#image-1 a[rel=next]");
    await page.keyboard.press("Enter");
    steps.push(await panel());
    await page.focus("#image-2 .image-close");
    await page.keyboard.press("Enter");
    steps.push(await panel());
    if (spec.screenshots?.[0]) await page.screenshot({ path: spec.screenshots[0], fullPage: false });
    await page.evaluate(() => {
      location.hash = "";
    });
    const direction = await page.evaluate(directionReport);
    const layout = await page.evaluate(() => {
      const bg = (sel) => {
        const e = document.querySelector(sel);
        return e ? getComputedStyle(e).backgroundColor : null;
      };
      return {
        body: bg("body"),
        box: bg(".image-grid .thumb-box:not(.icon)"),
        iconBox: bg(".image-grid .thumb-box.icon"),
        icons: document.querySelectorAll(".image-grid .thumb-box.icon").length,
        columns: getComputedStyle(document.querySelector(".image-grid")).gridTemplateColumns.split(" ").length,
        engines: [...document.querySelectorAll(".image-detail dd:last-of-type")].map((d) => d.textContent),
      };
    });
    return { before, after, pending, shift, steps, layout: { ...direction, ...layout } };
  },

  /** The videos tab: no player until "Play here" is clicked, then one. */
  async videos(page, spec, seen) {
    await stubForeignHosts(page, seen);
    await page.goto(spec.url, { waitUntil: "load" });
    const count = () => page.evaluate(() => document.querySelectorAll("iframe").length);
    const framesBefore = await count();
    const buttons = await page.evaluate(
      () => [...document.querySelectorAll("button.video-play")].filter((b) => !b.hidden).length,
    );
    const foreignBefore = seen.foreign.length;
    await page.click("button.video-play >> nth=0");
    await page.waitForSelector("iframe.video-embed");
    const src = await page.evaluate(() => document.querySelector("iframe.video-embed")?.getAttribute("src"));
    return { framesBefore, buttons, foreignBefore, framesAfter: await count(), src };
  },
});

Object.assign(SCENARIOS, {
  /** Infinite scroll: scroll to the page links until `atLeast` results are there (or 15 s pass). */
  async scroll(page, spec) {
    await page.goto(spec.url, { waitUntil: "load" });
    const count = () => page.evaluate(() => document.querySelectorAll("ol.results > li").length);
    const start = await count();
    const deadline = Date.now() + 15000;
    while ((await count()) < (spec.atLeast ?? 0) && Date.now() < deadline) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(100);
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(spec.settle ?? 300); // what else would load on its own
    return page.evaluate((first) => {
      const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
      return {
        start: first,
        results: document.querySelectorAll("ol.results > li").length,
        titles: [...document.querySelectorAll("ol.results h3")].map((h) => h.textContent?.trim() ?? ""),
        next: document.querySelector("nav.pagination a[rel=next]")?.getAttribute("href") ?? null,
        uniqueIds: new Set(ids).size === ids.length,
      };
    }, start);
  },
});

// a 1x1 grey PNG: every stubbed tile
const TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==",
  "base64",
);

Object.assign(SCENARIOS, {
  /** The map tab: no tile and no map code before "Show map"; after the click, a map with tiles. */
  async map(page, spec, seen) {
    Object.assign(seen, { foreign: [], tiles: [], chunks: [] });
    await page.route(
      (url) => url.hostname !== "127.0.0.1",
      async (route) => {
        seen.foreign.push(route.request().url());
        await route.fulfill({ status: 200, contentType: "image/png", body: TILE_PNG });
      },
    );
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (/\/\d+\/\d+\/\d+(\.png)?$/.test(url.pathname)) seen.tiles.push(req.url());
      if (/\/(map\.js|leaflet\.css)$/.test(url.pathname)) seen.chunks.push(url.pathname);
    });
    await page.goto(spec.url, { waitUntil: "load" });
    const state = () =>
      page.evaluate(() => {
        const button = document.querySelector("button.map-show");
        const figure = document.getElementById("map-1");
        return {
          buttons: [...document.querySelectorAll("button.map-show")].filter((b) => !b.hidden).length,
          osmLinks: [...document.querySelectorAll("a.osm-link")].map((a) => a.href),
          shown: figure ? !figure.hidden : false,
          expanded: button?.getAttribute("aria-expanded") ?? null,
          label: button?.textContent ?? null,
          box: figure?.querySelector(".map-box")?.getBoundingClientRect().toJSON() ?? null,
          tilesLoaded: document.querySelectorAll("#map-1 .leaflet-tile-loaded").length,
          outline: document.querySelectorAll("#map-1 path.leaflet-interactive").length,
          attribution: figure?.querySelector(".map-attribution")?.textContent ?? null,
        };
      });
    const before = { ...(await state()), tiles: seen.tiles.length, chunks: [...seen.chunks] };
    const layoutBefore = await page.evaluate(directionReport);
    if (before.buttons > 0) {
      await page.click("button.map-show >> nth=0");
      await page.waitForFunction(
        () => document.querySelectorAll("#map-1 .leaflet-tile-loaded").length > 0,
        null,
        { timeout: 20000, polling: 50 },
      );
    }
    const after = await state();
    const layoutAfter = await page.evaluate(directionReport);
    await screenshots(page, spec.screenshots);
    return { before, after, layoutBefore, layoutAfter, tiles: [...seen.tiles], chunks: [...seen.chunks] };
  },
});

/** Runs in the page: where each result's address line and favicon box are (rounded px). */
function faviconReport() {
  const round = (r) => [Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)];
  const lines = [...document.querySelectorAll("article.result p.url")];
  return {
    lines: lines.map((p) => round(p.getBoundingClientRect())),
    boxes: lines.map((p) => p.querySelector(".favicon")).filter(Boolean).map((b) => round(b.getBoundingClientRect())),
    pending: [...document.querySelectorAll(".favicon img")].filter((i) => !i.complete).length,
    lazy: [...document.querySelectorAll(".favicon img")].every((i) => i.loading === "lazy"),
    sources: [...new Set([...document.querySelectorAll(".favicon img")].map((i) => new URL(i.src).pathname))],
  };
}

Object.assign(SCENARIOS, {
  /** Favicons: the result lines before and after the icons in view arrive, and the layout shift. */
  async favicons(page, spec, seen) {
    await stubForeignHosts(page, seen);
    await page.addInitScript(observeShifts);
    await page.goto(spec.url, { waitUntil: "domcontentloaded" });
    const before = await page.evaluate(faviconReport);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll(".favicon img")]
          .filter((i) => i.getBoundingClientRect().top < window.innerHeight)
          .every((i) => i.complete && i.naturalWidth > 0),
      null,
      { timeout: 20000, polling: 50 },
    );
    const after = await page.evaluate(faviconReport);
    const shift = await page.evaluate(() => window.__shift.total);
    await screenshots(page, spec.screenshots);
    return { before, after, shift, rtl: await page.evaluate(directionReport) };
  },
});

/** Rectangles of the result list's entries (rounded px, page coordinates). */
function resultRects() {
  return [...document.querySelectorAll(".results > li > article")].map((a) => {
    const r = a.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)];
  });
}

Object.assign(SCENARIOS, {
  /**
   * A videos or music tab: the entries' geometry before and after their pictures arrive, the
   * layout (direction, overflow, colours), then "Play here" on the first entry that has one.
   * Every host but loopback is stubbed and recorded: nothing may be asked before the click.
   */
  async mediaTab(page, spec, seen) {
    await stubForeignHosts(page, seen);
    await page.addInitScript(() => {
      window.__shift = { total: 0 };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (!entry.hadRecentInput) window.__shift.total += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(spec.url, { waitUntil: "domcontentloaded" });
    const before = await page.evaluate(resultRects);
    // the pictures in view (the others are lazy: they load when scrolled to)
    const pending = await page.evaluate(
      () =>
        [...document.querySelectorAll(".results img")].filter(
          (i) => i.getBoundingClientRect().top < window.innerHeight && !i.complete,
        ).length,
    );
    await page.waitForFunction(
      () => {
        const shown = [...document.querySelectorAll(".results img")].filter(
          (i) => i.getBoundingClientRect().top < window.innerHeight,
        );
        return shown.length > 0 && shown.every((i) => i.complete && i.naturalWidth > 0);
      },
      null,
      { timeout: 20000, polling: 50 },
    );
    const after = await page.evaluate(resultRects);
    const layout = await page.evaluate(() => {
      const first = document.querySelector(".results > li > article");
      const thumb = first?.querySelector(".music-thumb, .video-thumb")?.getBoundingClientRect().toJSON() ?? null;
      const body = first?.querySelector(".result-body")?.getBoundingClientRect().toJSON() ?? null;
      return {
        shift: window.__shift.total,
        background: getComputedStyle(document.body).backgroundColor,
        color: getComputedStyle(document.body).color,
        thumb,
        body,
        frames: document.querySelectorAll("iframe").length,
        buttons: [...document.querySelectorAll("button.audio-play, button.video-play")].filter((b) => !b.hidden)
          .length,
      };
    });
    const rtl = await page.evaluate(directionReport);
    const foreignBefore = [...seen.foreign];
    await screenshots(page, spec.screenshots);
    await page.click(`${spec.button} >> nth=0`);
    await page.waitForSelector(spec.frame);
    const frame = await page.evaluate((sel) => {
      const f = document.querySelector(sel);
      return { src: f?.getAttribute("src") ?? null, box: f?.getBoundingClientRect().toJSON() ?? null };
    }, spec.frame);
    const rtlAfter = await page.evaluate(directionReport);
    return { before, after, pending, layout, rtl, rtlAfter, foreignBefore, frame };
  },
});

Object.assign(SCENARIOS, SUGGEST, CONVERSATION);

async function main() {
  const spec = JSON.parse(process.argv[2] ?? "{}");
  const browser = await chromium.launch({
    executablePath: spec.chromium ?? "/usr/bin/chromium",
    headless: true,
    args: ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: spec.viewport ?? { width: 1280, height: 900 },
      colorScheme: spec.colorScheme ?? "light",
      reducedMotion: spec.reducedMotion ?? "no-preference",
      javaScriptEnabled: spec.javaScriptEnabled ?? true,
      ...(spec.locale ? { locale: spec.locale } : {}),
    });
    if (spec.permissions) await context.grantPermissions(spec.permissions);
    if (spec.cookies) await context.addCookies(spec.cookies);
    const page = await context.newPage();
    const seen = await instrument(page, spec);
    const report = await SCENARIOS[spec.scenario](page, spec, seen);
    process.stdout.write(JSON.stringify({ ...report, seen }));
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});

/** Every result's box (rounded px, page coordinates). */
function articleRects() {
  return [...document.querySelectorAll("article.result")].map((a) => {
    const r = a.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width), Math.round(r.height)];
  });
}

Object.assign(SCENARIOS, {
  /** A results list whose pictures arrive late (files, social media): the results' boxes before
      and after every picture loaded (scrolled into view, they are lazy), the direction, overflow
      and colours of the page, and what its links point at. */
  async resultList(page, spec, seen) {
    await stubForeignHosts(page, seen);
    await page.addInitScript(observeShifts);
    await page.goto(spec.url, { waitUntil: "domcontentloaded" });
    const before = await page.evaluate(articleRects);
    const pending = await page.evaluate(
      () => [...document.querySelectorAll("article.result img")].filter((i) => !i.complete).length,
    );
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 200) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(30);
    }
    await page.waitForFunction(
      () => [...document.querySelectorAll("article.result img")].every((i) => i.complete && i.naturalWidth > 0),
      null,
      { timeout: 20000, polling: 50 },
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    const after = await page.evaluate(articleRects);
    await screenshots(page, spec.screenshots);
    const look = await page.evaluate(() => {
      const css = (sel, prop) => {
        const e = document.querySelector(sel);
        return e ? getComputedStyle(e)[prop] : null;
      };
      return {
        background: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.body).color,
        seeders: css(".file-facts .seeders dd", "color"),
        counts: css(".post-counts", "color"),
        boxes: [...document.querySelectorAll("article.result .thumb-box")].map((b) => {
          const r = b.getBoundingClientRect();
          return [Math.round(r.width), Math.round(r.height)];
        }),
        magnets: [...document.querySelectorAll("a[href^='magnet:']")].map((a) => a.className),
        thumb: document.querySelector("article.result .thumb-box")?.getBoundingClientRect().toJSON() ?? null,
        body: document
          .querySelector("article.result:has(.thumb-box) .result-body")
          ?.getBoundingClientRect()
          .toJSON() ?? null,
        fact: document.querySelector(".file-facts > div")?.getBoundingClientRect().toJSON() ?? null,
        pictures: [...document.querySelectorAll("article.result img")].length,
      };
    });
    return {
      before,
      after,
      pending,
      shift: await page.evaluate(() => window.__shift.total),
      rtl: await page.evaluate(directionReport),
      look,
    };
  },
});

Object.assign(SCENARIOS, {
  /** Searches that lead off the instance. spec.other (another site's address) shows spec.otherHtml;
   * each of spec.steps, in a page of its own, opens step.from, then types step.type into the search
   * box and presses Enter, submits the form step.submit or clicks step.click (or does nothing:
   * step.from is where it goes). Reports, per step, the main frame's navigations until the browser
   * left spec.url's origin or shows a results page. */
  async navigations(page, spec, seen) {
    const context = page.context();
    await context.route(`${spec.other}/**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: spec.otherHtml }),
    );
    const base = new URL(spec.url).origin;
    const steps = [];
    for (const step of spec.steps) {
      const tab = await context.newPage();
      tab.on("console", (m) => seen.console.push(`${m.type()}: ${m.text()}`));
      let navs = [];
      tab.on("request", (r) => {
        if (r.isNavigationRequest() && r.frame() === tab.mainFrame()) navs.push(r.url());
      });
      const act = step.type || step.submit || step.click;
      if (act) await tab.goto(step.from);
      navs = [];
      if (!act) await tab.goto(step.from).catch(() => undefined); // a redirect off the instance may not load
      if (step.type) {
        await tab.fill("#q", step.type);
        await tab.press("#q", "Enter");
      } else if (step.submit) {
        await tab.evaluate((s) => document.querySelector(s).submit(), step.submit);
      } else if (step.click) {
        await tab.click(step.click);
      }
      const results = async () => {
        try {
          return await tab.evaluate(() => document.body?.dataset.page === "results");
        } catch {
          return false; // between two documents
        }
      };
      const end = Date.now() + 15000;
      while (Date.now() < end && !navs.some((u) => new URL(u).origin !== base && !u.startsWith(spec.other))) {
        if (navs.length && (await results())) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      steps.push(navs);
      await tab.close();
    }
    return { steps };
  },
});
