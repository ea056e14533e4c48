// What the host's and the viewers' browsers say to each other over the PeerJS data connection
// (docs/product/live-video.md, "Watching"): a viewer greets, the host answers with the viewer count, and a
// viewer past the cap is told the stream is full instead of being left with a frozen video.

export type ViewerMessage = { type: 'hello' };
export type HostMessage = { type: 'viewers'; count: number } | { type: 'full' };

export function isHostMessage(data: unknown): data is HostMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (message.type === 'viewers' && typeof message.count === 'number') || message.type === 'full';
}
