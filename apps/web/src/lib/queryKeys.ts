// The roots of query keys that one feature's change must refresh in another's caches. A feature
// keeps its own keys below these; the others only ever invalidate a whole root.

/** Every list or page of posts (the feed, a member's posts, one post). */
export const postsRoot = ['posts'] as const;
/** Member profiles, by username below it. */
export const profileRoot = ['profile'] as const;
export const profileQueryKey = (username: string) => [...profileRoot, username] as const;
