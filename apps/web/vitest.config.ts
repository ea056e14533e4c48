import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: viteConfig.resolve,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Pages render through lazy imports and Mantine; on a busy two-core machine one test can take
    // several seconds, and each wait inside it already has its own 10 s (src/test/setup.ts).
    testTimeout: 20_000,
    css: false,
  },
});
