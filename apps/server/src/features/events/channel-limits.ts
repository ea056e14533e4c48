// The per-channel limits of both live-video channels (/peerjs in signalling.ts, /sfu in sfu/): a
// message budget (a token bucket) and the ping that tells a member's still-open tab from one whose
// network went.
import type { WebSocket } from 'ws';

/** A token bucket: `take()` is false once the channel sent more than `burst` faster than `rate`/s. */
export class MessageBudget {
  private tokens: number;
  private last = Date.now();
  constructor(
    private readonly burst: number,
    private readonly rate: number,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Whether `ws` answers a ping within `ms` (a tab still there does at once; a lost network never). */
export function answersPing(ws: WebSocket, ms: number): Promise<boolean> {
  if (ws.readyState !== ws.OPEN) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (answered: boolean) => {
      clearTimeout(timer);
      ws.off('pong', pong);
      resolve(answered);
    };
    const pong = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    ws.on('pong', pong);
    ws.ping();
  });
}
