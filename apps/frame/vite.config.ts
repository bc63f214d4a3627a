import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { securityHeaders } from './deploy/plugin.js'

/** Modules the modal needs to start and paint Connect (the boot chunk, below). */
const boot =
  /apps\/frame\/src\/(app|core|data|host|storage)\/|apps\/frame\/src\/lib\/(store|errors)\.|apps\/frame\/src\/components\/(useStore|RegistryItem|queryLayerLazy)|apps\/frame\/src\/queries\/walletRegistry|packages\/protocol\/src\/|node_modules\/zod\//
/**
 * Of those, what only lazily loaded views use: the Send and name actions, and the API answers the
 * account views parse (the boot needs only the error body and the project config).
 */
const lazyOnly =
  /apps\/frame\/src\/core\/actions\/(send|registerName)\.|packages\/protocol\/src\/api\/(?!common|chains|index)/

export default defineConfig({
  plugins: [react(), securityHeaders()],
  resolve: {
    alias: {
      // See src/storage/walletConnectStorageShim.ts: the package breaks sign-client's import when storage is blocked.
      '@walletconnect/keyvaluestorage': fileURLToPath(
        new URL('./src/storage/walletConnectStorageShim.ts', import.meta.url),
      ),
    },
  },
  server: { port: Number(process.env.PORT ?? 5174), strictPort: false },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What the modal needs to start and paint Connect, in one file: left to itself the
              // bundler splits it into a dozen small chunks shared with lazy views, and each costs
              // a request and its own compression overhead.
              name: 'boot',
              test: (id: string) => boot.test(id) && !lazyOnly.test(id),
            },
          ],
        },
      },
    },
  },
})
