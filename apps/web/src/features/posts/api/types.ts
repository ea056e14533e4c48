// What the server answers about posts lives in @samaj/core (api/posts); this is the feed's own.

export interface EventBubble {
  id: string;
  name: string;
  thumbnail: string;
  live: boolean;
  liveStream: boolean;
}

export const previewUrl = (fileId: string, width: 490 | 300 | 100 | 80) =>
  `/api/files/${encodeURIComponent(fileId)}/preview?width=${width}`;
