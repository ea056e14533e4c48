import { type APIRequestContext, expect } from '@playwright/test';

/** Posts as the member whose session `request` carries, with a JPEG `picture` if given; the post as the API answers it. */
export async function createPost(
  request: APIRequestContext,
  description: string,
  picture?: Buffer,
): Promise<{ id: string; status: string; fileWidth: number | null; fileHeight: number | null }> {
  const res = picture
    ? await request.post('/api/posts', {
        multipart: { description, file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: picture } },
      })
    : await request.post('/api/posts', { data: { description } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
