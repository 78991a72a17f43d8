import { describe, expect, it } from "vitest";
import { setupVideoEmbeds } from "../src/features/video_embed";

function page(embed: string): HTMLButtonElement {
  document.body.innerHTML = `<article class="result video"><div class="video-thumb">
    <button type="button" class="video-play" hidden></button></div><h3>A video</h3></article>`;
  const button = document.querySelector<HTMLButtonElement>("button.video-play");
  if (!button) throw new Error("no button");
  button.dataset.embed = embed;
  return button;
}

describe("setupVideoEmbeds", () => {
  it("loads no player until the click, then one sandboxed https player", () => {
    const button = page("https://www.youtube-nocookie.com/embed/abc");
    setupVideoEmbeds(document);
    expect(button.hidden).toBe(false);
    expect(document.querySelector("iframe")).toBeNull();
    button.click();
    const frames = document.querySelectorAll("iframe");
    expect(frames).toHaveLength(1);
    expect(frames[0]?.src).toBe("https://www.youtube-nocookie.com/embed/abc");
    expect(frames[0]?.getAttribute("sandbox")).toContain("allow-scripts");
    expect(frames[0]?.referrerPolicy).toBe("no-referrer");
    expect(frames[0]?.title).toBe("A video");
    expect(button.hidden).toBe(true);
    button.click();
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
  });

  it("gives a music player its own strip, also only on click", () => {
    document.body.innerHTML = `<article class="result music"><h3>A track</h3>
      <p><button type="button" class="audio-play" hidden></button></p></article>`;
    const button = document.querySelector<HTMLButtonElement>("button.audio-play");
    if (!button) throw new Error("no button");
    button.dataset.embed =
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F1";
    setupVideoEmbeds(document);
    expect(button.hidden).toBe(false);
    expect(document.querySelector("iframe")).toBeNull();
    button.click();
    const frame = document.querySelector("iframe");
    expect(frame?.className).toBe("audio-embed");
    expect(frame?.src).toBe(button.dataset.embed);
    expect(frame?.parentElement?.classList.contains("music")).toBe(true);
    expect(frame?.title).toBe("A track");
  });

  it.each(["javascript:alert(1)", "http://player.example/embed/1", "not a url", ""])(
    "keeps the button hidden for %s",
    (embed) => {
      const button = page(embed);
      setupVideoEmbeds(document);
      expect(button.hidden).toBe(true);
      button.click();
      expect(document.querySelector("iframe")).toBeNull();
    },
  );
});
