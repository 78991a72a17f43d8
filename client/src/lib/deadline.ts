/**
 * One request's time limit: every fetch of the client runs under a deadline, so it can be
 * stopped and never waits forever. The signal aborts after `ms`, or at once when the caller's
 * own signal aborts (the Stop button, a newer keystroke).
 */

export interface Deadline {
  /** For `fetch`, and for reading the body: the limit covers the whole exchange. */
  readonly signal: AbortSignal;
  /** Whether the time ran out (rather than the caller stopping). */
  timedOut(): boolean;
  /** Stops the timer, forgets the caller's signal and ends whatever is still open: call it in `finally`. */
  done(): void;
}

export function deadline(ms: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  const stop = (): void => controller.abort();
  if (caller?.aborted) controller.abort();
  else caller?.addEventListener("abort", stop, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener("abort", stop);
      controller.abort();
    },
  };
}
