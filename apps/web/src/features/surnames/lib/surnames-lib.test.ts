// The surname search moved to core (surname-search.ts), shared with signup.
import { describe, expect, it } from 'vitest';
import { htmlToText, purifySurnameHtml, textToHtml } from './html';

describe('surname HTML', () => {
  it('renders nothing that runs', () => {
    const out = purifySurnameHtml(
      '<p onclick="x()">a</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">l</a><iframe></iframe><style>p{}</style><a href="https://ok.example">ok</a>',
    );
    expect(out).not.toMatch(/onclick|<script|onerror|<img|javascript:|<iframe|<style/i);
    expect(out).toContain('href="https://ok.example"');
  });

  it("keeps a member's plain text as text, paragraphs and line breaks", () => {
    expect(textToHtml('First <b>line</b>\nsecond\n\nNext para')).toBe(
      '<p>First &lt;b&gt;line&lt;/b&gt;<br>second</p><p>Next para</p>',
    );
    expect(htmlToText('<p>Old   family</p><p>of <b>Surat</b></p>')).toBe('Old family of Surat');
    // Entities as the server's sanitizer writes them, decoded as a browser would; markup stays text.
    expect(htmlToText('<p>Tom &amp; Jerry&nbsp;&lt;b&gt; &#39;x&#x27; &#2693;</p>')).toBe(
      "Tom & Jerry <b> 'x' અ",
    );
  });
});
