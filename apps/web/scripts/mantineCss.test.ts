import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { trimMantineCss } from './mantineCss';

const CORE = '/x/node_modules/@mantine/core/styles.css';
const NOTIFICATIONS = '/x/node_modules/@mantine/notifications/styles.css';

async function trimmed(css: string, from: string): Promise<string> {
  const used = new Set(['m_11111111']);
  const result = await postcss([trimMantineCss(used, 'light')]).process(css, { from });
  return result.css;
}

describe('trimMantineCss', () => {
  it("drops the other colour scheme's rules and keeps the app's own", async () => {
    const css = await trimmed(
      [
        ":root[data-mantine-color-scheme='dark'], :host([data-mantine-color-scheme='dark']) { --x: #000 }",
        ":root[data-mantine-color-scheme='light'] { --x: #fff }",
        ':where([data-mantine-color-scheme=dark]) .m_11111111, .m_11111111:hover { color: red }',
        '@media (hover: hover) { :where([data-mantine-color-scheme="dark"]) .m_11111111 { color: blue } }',
        ':where([data-mantine-color-scheme=light]) .m_11111111 { color: green }',
      ].join('\n'),
      CORE,
    );
    expect(css).not.toMatch(/dark/);
    expect(css).not.toMatch(/@media/);
    expect(css).toContain('--x: #fff');
    expect(css).toContain('.m_11111111:hover { color: red }');
    expect(css).toContain('color: green');
  });

  it('drops rules naming a core class the app cannot render, only in the core stylesheet', async () => {
    const rules = '.m_11111111 { color: red }\n.m_22222222 { color: blue }';
    expect(await trimmed(rules, CORE)).not.toContain('m_22222222');
    // The notifications package's classes are its own: only its dark rules go.
    const other = await trimmed(
      `${rules}\n[data-mantine-color-scheme=dark] .m_22222222 { color: black }`,
      NOTIFICATIONS,
    );
    expect(other).toContain('.m_22222222 { color: blue }');
    expect(other).not.toContain('black');
  });

  it('leaves any other stylesheet alone', async () => {
    const css = '[data-mantine-color-scheme=dark] .mine { color: black }';
    expect(await trimmed(css, '/x/src/app/fonts.css')).toBe(css);
  });
});
