/**
 * A frame that comes within this long of the one before opens a batch (ADR 011). Slower than that
 * (under 200 frames a second), a batch would hold one frame and its timer would only cost.
 */
const BATCH_WITHIN_MS = 5;

/**
 * Group commit (ADR 011). Every turn that writes ends in one SQLite commit (an fsync) before its
 * frames leave (the output gate). A frame that follows the one before closely is handled at once
 * and opens a batch: frames that arrive before the next timer tick wait for it and are handled
 * together, in arrival order, so a busy room commits once per batch instead of once per message.
 * A room where frames come further apart handles each at once, with no timer.
 */
export class GroupCommit {
  private batch: (() => void)[] | null = null;
  /** When the last frame came (Date.now(), which the runtime moves between events). */
  private lastFrameAt = Number.NEGATIVE_INFINITY;

  /** Handles a frame now or in the open batch; the promise (when it waits) settles once it is handled. */
  take(handle: () => void): Promise<void> | undefined {
    const now = Date.now();
    const busy = now - this.lastFrameAt <= BATCH_WITHIN_MS;
    this.lastFrameAt = now;
    if (this.batch) {
      // The event stays open until its frame is handled, so the object cannot hibernate with it.
      const batch = this.batch;
      return new Promise((resolve, reject) => {
        batch.push(() => {
          try {
            handle();
            resolve();
          } catch (error) {
            reject(error);
          }
        });
      });
    }
    if (busy) {
      this.batch = [];
      this.scheduleDrain();
    }
    handle();
    return undefined;
  }

  private scheduleDrain(): void {
    setTimeout(() => {
      const batch = this.batch ?? [];
      if (batch.length === 0) {
        this.batch = null;
        return;
      }
      this.batch = [];
      this.scheduleDrain();
      for (const run of batch) run();
    }, 0);
  }
}
