// The login/signup `forward` parameter comes from the URL, so anyone can craft
// it. Only a path on this site may pass; anything that a browser could read as
// another origin (//host, /\host, schemes, encoded slashes, stray whitespace or
// control characters) falls back to '/'.

const MAX_LENGTH = 2048;

/** C0 and C1 control characters, DEL included (tabs and newlines are among them). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function isSafe(path: string): boolean {
  if (!path.startsWith('/')) return false;
  if (path[1] === '/' || path.includes('\\')) return false;
  if (hasControl(path)) return false;
  return true;
}

export function safeForward(path: unknown): string {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_LENGTH) return '/';
  // Leading whitespace fails isSafe's leading-slash rule.
  if (hasControl(path)) return '/';
  // Check every decoding of the value: a router or server may decode it again.
  let current = path;
  for (let i = 0; i < 3; i++) {
    if (!isSafe(current)) return '/';
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      break; // a stray '%' is not a redirect; the raw form already passed
    }
    if (decoded === current) break;
    current = decoded;
  }
  if (!isSafe(current)) return '/';
  // Last word to the URL parser: the result must stay on our origin.
  const base = 'http://forward.invalid';
  try {
    if (new URL(path, base).origin !== base) return '/';
  } catch {
    return '/';
  }
  return path;
}
