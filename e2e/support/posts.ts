import { type APIRequestContext, expect } from '@playwright/test';

/** Posts as the member whose session `request` carries; the post as the API answers it. */
export async function createPost(
  request: APIRequestContext,
  description: string,
): Promise<{ id: string; status: string }> {
  const res = await request.post('/api/posts', { data: { description } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
