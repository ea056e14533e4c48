// Shapes every feature's API answers share. Types only: the JSON as it travels (dates as ISO strings).

/** One page of a list (conventions: lists are `{ documents, nextCursor }`, cursor = last id). */
export interface Page<T> {
  documents: T[];
  nextCursor: string | null;
}

/** A member as shown beside what they wrote. */
export interface UserSummary {
  id: string;
  /** Empty when the account is gone (the web app shows 'Unknown User'). */
  name: string;
  dp: string;
  labels: string[];
}
