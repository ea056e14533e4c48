// Placeholder created by the server foundation so that index.ts can re-export it;
// the media owner replaces this file with the `file` table.
export {};
