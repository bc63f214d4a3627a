import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { securityHeaders } from './deploy/plugin.js'

/** Modules the modal needs to start and paint Connect (the boot chunk, below). */
const boot =
  /apps\/frame\/src\/(app|core|data|host|lib|storage)\/|apps\/frame\/src\/components\/(useStore|RegistryItem|queryLayerLazy)|apps\/frame\/src\/queries\/walletRegistry|packages\/protocol\/src\/|node_modules\/zod\//
/** Of those folders, what only the lazily loaded Send view uses. */
const sendOnly = /apps\/frame\/src\/(core\/actions\/send|lib\/sendValidation)\./

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
              test: (id: string) => boot.test(id) && !sendOnly.test(id),
            },
          ],
        },
      },
    },
  },
})
