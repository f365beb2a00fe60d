import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  server: {
    port: 3000,
    proxy: { '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1200,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
