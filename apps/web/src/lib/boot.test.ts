import { BOOT_DATA_ID } from '@samaj/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../app/queryClient';
import { seedBootData, takeBootData } from './boot';
import { publicConfigQueryKey } from './publicConfig';
import { currentUserQueryKey } from './session';

function serve(json: string) {
  const script = document.createElement('script');
  script.id = BOOT_DATA_ID;
  script.type = 'application/json';
  script.textContent = json;
  document.body.append(script);
}

describe('boot data', () => {
  afterEach(() => document.getElementById(BOOT_DATA_ID)?.remove());

  it('reads what the server wrote once, then it is gone', () => {
    serve('{"account":null}');
    expect(takeBootData()).toEqual({ account: null });
    expect(document.getElementById(BOOT_DATA_ID)).toBeNull();
    expect(takeBootData()).toEqual({});
  });

  it('is empty on the service worker shell and when the script is damaged', () => {
    expect(takeBootData()).toEqual({});
    serve('{"account":');
    expect(takeBootData()).toEqual({});
  });

  it('answers who is signed in without asking the server', () => {
    const client = createQueryClient();
    seedBootData(client, { account: null });
    expect(client.getQueryState(currentUserQueryKey)?.status).toBe('success');
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();

    const member = { id: 'asha_patel', name: 'Asha' };
    seedBootData(client, { account: member as never });
    expect(client.getQueryData(currentUserQueryKey)).toEqual(member);

    const config = { communityName: 'Samaj', communityAbout: '' };
    seedBootData(client, { publicConfig: config as never });
    expect(client.getQueryData(publicConfigQueryKey)).toEqual(config);

    const untouched = createQueryClient();
    seedBootData(untouched, {});
    expect(untouched.getQueryState(currentUserQueryKey)).toBeUndefined();
  });
});
