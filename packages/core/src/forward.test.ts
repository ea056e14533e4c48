import { describe, expect, it } from 'vitest';
import { safeForward } from './forward.ts';

describe('safeForward', () => {
  it.each(['/', '/posts', '/surname/Patel?x=1#y', '/profile/user_01', '/surname/%E0%AA%AA', '/posts?q=100%'])(
    'keeps same-site path %j',
    (path) => {
      expect(safeForward(path)).toBe(path);
    },
  );

  it.each([
    ['absolute URL', 'https://x'],
    ['protocol-relative', '//x'],
    ['protocol-relative with path', '//evil.example/posts'],
    ['backslash after slash', '/\\x'],
    ['double backslash', '\\\\x'],
    ['backslash later in path', '/posts\\..\\x'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['encoded double slash', '/%2F%2Fx'],
    ['encoded slash after slash', '/%2fx'],
    ['double-encoded slash', '/%252F%252Fx'],
    ['encoded backslash', '/%5Cx'],
    ['leading space', ' /x'],
    ['leading tab', '\t/x'],
    ['newline inside', '/x\n/y'],
    ['tab between slashes', '/\t/x'],
    ['encoded newline', '/x%0a'],
    ['NUL', '/x\u0000'],
    ['empty', ''],
    ['relative', 'posts'],
    ['dot relative', './posts'],
    ['too long', `/${'a'.repeat(3000)}`],
    ['number', 42],
    ['null', null],
    ['undefined', undefined],
    ['object', { toString: () => '/posts' }],
    ['array', ['/posts']],
  ])('rejects %s', (_name, value) => {
    expect(safeForward(value)).toBe('/');
  });
});
