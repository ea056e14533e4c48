// One URL rule for previews, shared with the server's share cards.
export { previewUrl } from '@samaj/core';
