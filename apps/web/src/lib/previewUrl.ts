// One URL rule for previews, shared with the server's share cards; one rule for the space a picture keeps.
export { pictureAspect, previewUrl } from '@samaj/core';
