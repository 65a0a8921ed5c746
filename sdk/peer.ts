/**
 * One end of a plugin session: sends messages and hands out received ones in order. The host and
 * the SDK both speak through it, so framing lives in exactly one place.
 */
import type { Readable, Writable } from 'node:stream';
import { MessageReader, encodeMessage, type WireEncoding, type WireMessage } from './codec.js';

export class Peer {
  private readonly reader: MessageReader;
  private readonly queue: WireMessage[] = [];
  private waiter: { resolve(m: WireMessage | undefined): void; reject(e: unknown): void } | undefined;
  private ended = false;
  private failure: unknown;

  constructor(
    input: Readable,
    private readonly output: Writable,
    readonly encoding: WireEncoding,
  ) {
    this.reader = new MessageReader(encoding);
    input.on('data', (chunk: Buffer) => this.receive(chunk));
    input.on('end', () => this.finish());
    input.on('error', (error) => this.fail(error));
  }

  send(message: { type: string } & Record<string, unknown>): Promise<void> {
    const bytes = encodeMessage(message, this.encoding);
    return new Promise((resolve) => {
      if (this.output.destroyed || this.output.writableEnded) return resolve();
      this.output.write(bytes, () => resolve());
    });
  }

  /** The next message, or undefined once the other side has closed its stream. */
  next(): Promise<WireMessage | undefined> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure !== undefined) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  /** True when the stream closed in the middle of a message. */
  get truncated(): boolean {
    return this.ended && this.reader.hasPartial;
  }

  private receive(chunk: Buffer): void {
    if (this.failure !== undefined) return;
    try {
      for (const message of this.reader.push(chunk)) this.deliver(message);
    } catch (error) {
      this.fail(error);
    }
  }

  private deliver(message: WireMessage): void {
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve(message);
    } else {
      this.queue.push(message);
    }
  }

  private finish(): void {
    this.ended = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve(undefined);
  }

  private fail(error: unknown): void {
    this.failure = error;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
  }
}
