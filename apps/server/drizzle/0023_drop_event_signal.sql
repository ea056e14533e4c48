-- event_signal was created by 0000_init for live signalling and never read or written: signalling goes
-- through the PeerJS server and the realtime pub/sub (features/events/signalling.ts). Dropped with its index.
DROP TABLE "event_signal" CASCADE;
