// Image work (decoding an upload, rendering a preview) runs on libuv's thread pool, which password
// hashing and file reads share: a handful of heavy images at once made login take 13 s. Every
// image job therefore waits its turn here — a few at a time, a short waiting list, and a 503 with
// Retry-After when even that is full, so a burst of uploads is refused instead of starving the
// server.
import { ERROR_TYPES } from '@samaj/core';
import { AppError } from '../errors.ts';

/** Not in spec: image jobs at once (one per core on the 2-core machines) and jobs allowed to wait. */
export const IMAGE_CONCURRENCY = 2;
export const IMAGE_QUEUE_WAITING = 8;
/** Seconds a refused client is asked to wait: long enough for the jobs ahead to finish. */
export const IMAGE_RETRY_AFTER_SECONDS = 5;

export const MSG_IMAGE_BUSY =
  'The server is busy processing other images. Please try again in a few seconds.';

export class ImageQueueFull extends AppError {
  constructor(retryAfter = IMAGE_RETRY_AFTER_SECONDS) {
    super(ERROR_TYPES.GENERAL_SERVICE_UNAVAILABLE, MSG_IMAGE_BUSY, undefined, retryAfter);
  }
}

export interface ImageQueueOptions {
  concurrency?: number;
  waiting?: number;
}

export class ImageQueue {
  readonly concurrency: number;
  readonly waiting: number;
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(options: ImageQueueOptions = {}) {
    this.concurrency = options.concurrency ?? IMAGE_CONCURRENCY;
    this.waiting = options.waiting ?? IMAGE_QUEUE_WAITING;
  }

  /** Jobs running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** Runs `job` when a slot is free; throws ImageQueueFull at once when the waiting list is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.waiting) throw new ImageQueueFull();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next waiting job (running stays the same), or frees up.
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The process's queue: every image job of every request shares it. */
export const imageQueue = new ImageQueue();
