/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_WALLETFRAME_FRAME_URL?: string
  readonly VITE_WALLETFRAME_PROJECT_ID?: string
  readonly VITE_WALLETFRAME_NETWORKS?: string
}
