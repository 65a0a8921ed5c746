/**
 * How far the host may run ahead of a command reading a streamed response body (`http-chunk`
 * messages): a few chunks, then it waits for the plugin's `http-read` reports. A command that
 * reads slowly then holds back the transport, and through it the server, rather than filling its
 * own memory or okapi's.
 */

/** Chunks sent and not yet reported read. */
const WINDOW_CHUNKS = 8;

export class SendWindow {
  private unread = 0;
  private waiter: (() => void) | undefined;
  private closedFlag = false;

  sent(): void {
    this.unread++;
  }

  read(): void {
    this.unread = Math.max(0, this.unread - 1);
    this.wakeWaiter();
  }

  /** The session ended: nobody will read what is still to come. */
  close(): void {
    this.closedFlag = true;
    this.wakeWaiter();
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Undefined when another chunk may go now; else resolves once one may, or the session ended. */
  room(): Promise<void> | undefined {
    if (this.unread < WINDOW_CHUNKS || this.closedFlag) return undefined;
    return new Promise((resolve) => (this.waiter = resolve));
  }

  private wakeWaiter(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}
