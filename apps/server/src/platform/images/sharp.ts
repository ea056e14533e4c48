// The one sharp the server uses, set up for a long-running process on a small machine.
import sharp from 'sharp';

// libvips's operation cache (50 MB by default) reuses the result of an operation repeated on the same
// input. Every upload and preview here is new input (previews are kept as files), so the cache only
// held memory: measured in bench/RESULTS.md ("idle RSS after photos").
sharp.cache(false);

export default sharp;
export type { Metadata } from 'sharp';
