import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const apiPort = process.env.API_PORT ?? '3001'

export default defineConfig({
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The libraries every page runs, in one file: one request instead of many small ones, and
        // one gzip stream compresses them better. Anything only some pages use stays with them.
        advancedChunks: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@lingui|ky|valibot|idb-keyval|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the app with reload, the API runs beside it (see scripts/dev.ts).
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/cws-api': `http://127.0.0.1:${apiPort}`,
      '/utils': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
  plugins: [
    // The router generator must run before React's transform.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // A missing English translation fails the build instead of showing Thai to an English reader.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The app registers the worker itself with workbox-window (src/lib/pwa.ts) to show an update prompt.
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: [
          '**/*.{js,css,html}',
          'manifest.webmanifest',
          'icons/*.{png,svg}',
          // Only the Thai and Latin subsets the app uses; the package also ships Cyrillic.
          'assets/*-{thai,latin}-*-normal-*.woff2',
        ],
        globIgnores: ['screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
})
