import { afterEach, describe, expect, it, vi } from "vitest";
import { deadline } from "../src/lib/deadline";

afterEach(() => {
  vi.useRealTimers();
});

describe("deadline", () => {
  it("aborts when the time runs out, and says so", () => {
    vi.useFakeTimers();
    const limit = deadline(1000);
    vi.advanceTimersByTime(999);
    expect(limit.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(limit.signal.aborted && limit.timedOut()).toBe(true);
  });

  it("aborts at once when the caller stops, which is no timeout", () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const limit = deadline(1000, caller.signal);
    caller.abort();
    expect(limit.signal.aborted).toBe(true);
    expect(limit.timedOut()).toBe(false);
  });

  it("starts aborted when the caller already stopped", () => {
    const caller = new AbortController();
    caller.abort();
    expect(deadline(1000, caller.signal).signal.aborted).toBe(true);
  });

  it("done stops the timer and forgets the caller", () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const remove = vi.spyOn(caller.signal, "removeEventListener");
    const limit = deadline(1000, caller.signal);
    limit.done();
    expect(remove).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(limit.timedOut()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
