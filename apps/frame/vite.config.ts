import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // See src/storage/walletConnectStorageShim.ts: the package breaks sign-client's import when storage is blocked.
      '@walletconnect/keyvaluestorage': fileURLToPath(
        new URL('./src/storage/walletConnectStorageShim.ts', import.meta.url),
      ),
    },
  },
  server: { port: Number(process.env.PORT ?? 5174), strictPort: false },
  build: { target: 'es2022', sourcemap: true },
})
