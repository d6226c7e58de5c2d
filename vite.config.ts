import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Writes name.br and name.gz beside every built text asset over 1 KB, so the server (@fastify/static
 * preCompressed) sends a compressed copy without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'edufam-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const data = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (data.length < 1024) continue;
        const out = path.join(dir, file.fileName);
        writeFileSync(`${out}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${out}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Puts the pre-paint theme script into both pages' head (the app and the marketing site), so the saved
 * theme (localStorage `edufam-theme`: light, dark or system, as src/web/lib/theme.tsx writes it) is
 * applied before first paint without a flash, from one copy of the script.
 */
function themeBeforePaint(): Plugin {
  const script = `(function () {
  try {
    var t = localStorage.getItem('edufam-theme') || 'system';
    var dark = t === 'dark' || (t === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch (e) {}
})();`;
  return {
    name: 'edufam-theme-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head' }],
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), themeBeforePaint(), precompress()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src/web'),
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Two pages: the signed-in app (index.html) and the marketing site (landing.html), which loads
    // none of the app's code.
    rollupOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'src/web/index.html'),
        landing: path.resolve(import.meta.dirname, 'src/web/landing.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
