// Every console query starts with 'admin', so one invalidation after a decision refreshes the
// queues, the counts and the audit log together.
export const adminKeys = {
  all: ['admin'] as const,
  summary: ['admin', 'summary'] as const,
  posts: (status: string) => ['admin', 'posts', status] as const,
  reports: ['admin', 'reports'] as const,
  publishers: (status: string) => ['admin', 'publisher-requests', status] as const,
  audit: (filter: object) => ['admin', 'audit', filter] as const,
};
