// The tools-home carousel as staff fill it (apps/server/src/features/slides).

/** One filled slide (GET /api/slides, PUT /api/admin/slides/:position). */
export interface SlideView {
  /** 1..CAROUSEL_SLIDES; the carousel shows slides in this order. */
  position: number;
  /** File id of the image (previews at /api/files/:id/preview), or null for a text-only slide. */
  image: string | null;
  title: string;
  /** May be empty. */
  subtitle: string;
  /** A same-site path ('/surnames') or an https URL; null when the slide links nowhere. */
  link: string | null;
  updatedAt: string;
}

/** GET /api/slides: only the slides staff filled, by position (empty until they fill one). */
export interface SlideList {
  documents: SlideView[];
}

/** POST /api/admin/slides/image (201): the stored image, to send as `image` in the PUT. */
export interface SlideImageUpload {
  id: string;
}
