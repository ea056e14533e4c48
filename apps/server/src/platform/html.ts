import { SURNAME_HTML_ATTRIBUTES, SURNAME_HTML_SCHEMES, SURNAME_HTML_TAGS } from '@samaj/core';
import sanitize from 'sanitize-html';

/**
 * Member- and operator-written HTML (surname descriptions) is cleaned before it is stored:
 * simple formatting and links only, no scripts, styles, images or event handlers. The web app
 * sanitizes again on render (DOMPurify).
 */
export function sanitizeDescription(html: string): string {
  return sanitize(html, {
    // The allowlist of docs/product/surnames.md, "Allowed HTML": paragraphs, line breaks, bold/italic, lists,
    // http(s) links.
    allowedTags: [...SURNAME_HTML_TAGS],
    allowedAttributes: { a: [...SURNAME_HTML_ATTRIBUTES.a] },
    allowedSchemes: [...SURNAME_HTML_SCHEMES],
    allowProtocolRelative: false,
    // Drop the text of script/style/iframe entirely, not just the tags.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
    transformTags: {
      a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  }).trim();
}
