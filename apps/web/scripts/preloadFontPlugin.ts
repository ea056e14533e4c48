// Preloads the regular Gujarati face from index.html. The browser otherwise finds it only after the
// stylesheet has downloaded and a Gujarati glyph is laid out, one round trip late on a mobile network;
// preloaded, the first paint in the fallback font swaps to Noto Sans Gujarati sooner.
import type { Plugin } from 'vite';

const CRITICAL_FONT = /noto-sans-gujarati-gujarati-400-normal-[\w-]+\.woff2$/;

export function preloadFontPlugin(): Plugin {
  return {
    name: 'samaj-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => CRITICAL_FONT.test(name));
        if (!file) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
