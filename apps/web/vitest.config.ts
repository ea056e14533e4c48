import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: viteConfig.resolve,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
