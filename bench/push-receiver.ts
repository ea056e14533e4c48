// A push service in a process of its own for the push bench (so its TLS and parsing do not share
// the server's event loop): the test receiver in count-only mode. Tells the parent its URL, then
// the time of every 1000th arrival and of the last one it was asked to wait for.
import { startPushReceiver } from '../apps/server/test/push-receiver.ts';

const expected = Number(process.argv[2] ?? 10_000);
const receiver = await startPushReceiver();
let first = 0;
receiver.countOnly((count) => {
  if (count === 1) first = Date.now();
  if (count === expected) process.send?.({ type: 'done', count, first, last: Date.now() });
});
process.send?.({ type: 'ready', url: receiver.url });
process.on('disconnect', () => void receiver.close().then(() => process.exit(0)));
