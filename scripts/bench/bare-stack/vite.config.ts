import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vite'

const root = import.meta.dirname

/**
 * The bare-stack reference of scripts/bench/first-screen.ts: the build options and plugins of the
 * app's vite.config.ts minus the service worker, so the only difference Lighthouse sees is the
 * app itself. Run from this folder (`vite build --outDir …`), where Lingui finds its own config.
 */
export default defineConfig({
  root,
  build: {
    // The bench passes a temporary `--outDir`; this default also stays out of the repository.
    outDir: path.join(tmpdir(), 'ngernkhuen-bare-stack'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The app's framework group; its other groups gather the app's own modules, which this has none of.
        codeSplitting: {
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
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(root, 'routes'),
      generatedRouteTree: path.join(root, 'routeTree.gen.ts'),
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
  ],
})
