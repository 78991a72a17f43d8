/**
 * Videos and music tabs: "Play here" loads a video's or a track's player only when clicked
 * (no third-party frame on page load). The server offers the button only for players on the
 * allowed hosts (`ui.video_embed_hosts`, `ui.audio_embed_hosts` for music) and the page's
 * policy admits only those; the player URL must be https.
 */

function playerUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function play(button: HTMLButtonElement, src: string): void {
  const frame = document.createElement("iframe");
  // a music player is a strip of fixed height, a video player keeps its picture's ratio
  frame.className = button.classList.contains("audio-play") ? "audio-embed" : "video-embed";
  frame.src = src;
  frame.title = button.closest("article")?.querySelector("h3")?.textContent ?? "";
  frame.allow = "encrypted-media; fullscreen; picture-in-picture";
  frame.allowFullscreen = true;
  frame.referrerPolicy = "no-referrer";
  frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-presentation allow-popups");
  const article = button.closest("article");
  (article ?? button.parentElement)?.append(frame);
  button.hidden = true;
  frame.focus();
}

/** Show each "Play here" button (videos and music) under `root` and load its player on click. */
export function setupVideoEmbeds(root: ParentNode): void {
  const buttons = root.querySelectorAll<HTMLButtonElement>(
    "button.video-play[data-embed], button.audio-play[data-embed]",
  );
  for (const button of buttons) {
    const src = playerUrl(button.dataset.embed);
    if (!src) continue;
    button.hidden = false;
    button.addEventListener("click", () => play(button, src), { once: true });
  }
}
