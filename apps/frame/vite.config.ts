import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  server: { port: Number(process.env.PORT ?? 5174), strictPort: false },
  build: { target: 'es2022', sourcemap: true },
})
