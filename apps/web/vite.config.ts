import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport } from 'vite';

/**
 * Only framework and heavy single-purpose libraries get their own chunks; antd components are left to the
 * bundler's route-level splitting so the login page loads only the widgets it uses.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
  if (/node_modules\/echarts|node_modules\/zrender|echarts-for-react/.test(id)) return 'vendor-echarts';
  if (/node_modules\/(crypto-js)\//.test(id)) return 'vendor-crypto';
  return undefined;
}

/** The default theme's first-screen antd styles (src/app/static-style/extract.ts), rendered in Node. */
async function firstScreenStyle(): Promise<string> {
  const { module } = await runnerImport<typeof import('./src/app/static-style/extract')>(
    path.join(import.meta.dirname, 'src/app/static-style/extract.ts'),
    // the shared contract is TypeScript source, so it is transformed rather than loaded by Node
    { root: import.meta.dirname, environments: { inline: { resolve: { noExternal: ['@go/contract'] } } } },
  );
  const css = module.firstScreenStyle();
  // antd names its classes differently outside production builds; such a sheet would match nothing
  return css.includes('css-dev-only') ? '' : css;
}

export default defineConfig(async ({ command }) => ({
  plugins: [react()],
  // The default theme's first-screen antd styles, rendered here once instead of in every browser at sign-in
  // (src/app/static-style).
  define:
    command === 'build'
      ? { __ANTD_FIRST_SCREEN_STYLE__: JSON.stringify(await firstScreenStyle()) }
      : {},
  server: {
    port: 3000,
    proxy: { '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
}));
