// Writes dist/share-meta.json at build time: the titles and descriptions of src/app/shareMeta.ts,
// resolved in the Gujarati locale, for the server's share cards (packages/core api/share.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Relative, not '@samaj/core': Vite loads its config with workspace packages left external.
import { SHARE_META_FILE, type ShareMetaFile } from '../../../packages/core/src/api/share';
import { ITEM_PAGES, type LocaleKey, STATIC_PAGES } from '../src/app/shareMeta';

const LOCALES = fileURLToPath(new URL('../src/locales/gu', import.meta.url));

function resolver() {
  const files = new Map<string, unknown>();
  return ([namespace, key]: LocaleKey): string => {
    if (!files.has(namespace)) {
      files.set(namespace, JSON.parse(readFileSync(path.join(LOCALES, `${namespace}.json`), 'utf8')));
    }
    let value: unknown = files.get(namespace);
    for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value !== 'string') throw new Error(`share meta: no text for ${namespace}:${key}`);
    return value;
  };
}

export function buildShareMeta(): ShareMetaFile {
  const text = resolver();
  const pages: ShareMetaFile['pages'] = {};
  for (const [page, keys] of Object.entries(STATIC_PAGES)) {
    pages[page] = { title: text(keys.title), description: text(keys.description) };
  }
  const items: ShareMetaFile['items'] = {};
  for (const [kind, keys] of Object.entries(ITEM_PAGES)) {
    items[kind] = {
      title: text(keys.title),
      description: text(keys.description),
      ...(keys.itemTitle && { itemTitle: text(keys.itemTitle) }),
      ...(keys.itemDescription && { itemDescription: text(keys.itemDescription) }),
    };
  }
  return { pages, items };
}

export function shareMetaPlugin(): Plugin {
  return {
    name: 'samaj-share-meta',
    // The client build only: the SSR build of src/prerender.tsx has other files.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SHARE_META_FILE, source: JSON.stringify(buildShareMeta()) });
    },
  };
}
