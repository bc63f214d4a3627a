import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { earlyReady } from './deploy/earlyReady.js'
import { securityHeaders } from './deploy/plugin.js'

/**
 * Modules the modal needs to start and paint Connect (the boot chunk, below), English's first-paint
 * messages among them; the catalog loader and every other catalog are chunks of their own.
 */
const boot =
  /apps\/frame\/src\/(app|core|data|host|storage)\/|apps\/frame\/src\/lib\/(store|errors)\.|apps\/frame\/src\/components\/(useStore|useMessages|RegistryItem|queryLayerLazy)|apps\/frame\/src\/locale\/(locales|load|en\/boot)\.|apps\/frame\/src\/queries\/walletRegistry|packages\/protocol\/src\/|node_modules\/zod\//
/**
 * Of those, what only lazily loaded views use: the send, name, on-ramp, swap and sign-in actions and
 * wiring, with the send, swap and on-ramp forms' rules, math and words; the account views' words and activity
 * list; the approval summary, its field names and window, and the review before signing (its request, changes, words, its fallback without the API, which decodes calls with viem, and the queue and view watcher of a browser wallet's or WalletConnect's requests); the embedded wallet's wiring and login (its screens and
 * actions, its wait on the API, its Farcaster channel and its recovery password and second-factor prompts), approval
 * watcher and transaction stack (they load with that wallet); the sign-in API calls and schemas and
 * the analytics sender; the EIP-5792 call, ERC-7811 asset and ERC-7715 smart-session schemas and the recovery kit's (the embedded
 * wallet's, loaded with it) and a WalletConnect session's properties (loaded with WalletConnect), with the tuple and
 * loose-object schemas only those use; the Bitcoin request schemas and errors (loaded with the first Bitcoin call) and the Bitcoin method
 * names (only the provider router and WalletConnect's namespaces read them, and both load lazily); what
 * only lazy chunks use (the provider router's JSON-RPC reader, wallet_getAssets from the API, WalletConnect's key-value storage,
 * the bundled wallet registry of a frame without an API); and the API answers the account views
 * parse (the boot needs only the error body and the project config).
 */
const lazyOnly =
  /apps\/frame\/src\/core\/actions\/(send|registerName|onramp|swap|signIn|approvalView|queueView|reviewView|updateEmail|preferredAccountType|login)\.|apps\/frame\/src\/core\/(swap|swapMath|swapMessages|send|sendValidation|accountMessages|nameMessages|signInMessages|onrampMessages|activity|approvalFields|approvalSummary|approvalWindow|transactionStack|login|poll|farcasterChannel|prompt|review|reviewChanges|reviewMessages|reviewedRequest|reviewGate|reviewFallback)\.|apps\/frame\/src\/app\/(embeddedWallet|externalReview|swap|send|onramp)\.|apps\/frame\/src\/data\/(sessions|analyticsSender|jsonRpc|walletAssets)\.|apps\/frame\/src\/storage\/KeyValueStorage\.|packages\/protocol\/src\/(internal\/(tuple|looseObject)\.|siwx\.|recoveryKit\.|walletCalls\.|sessionProperties\.|bitcoin\.|bitcoinMethods\.|walletAssets\.|smartSessions\.|walletRegistry\/registry\.json|api\/(?!common|chains|index))/

/** What the modal's entry shares with auth/callback.html's besides the boot modules. */
const sharedWithCallback = /modulepreload-polyfill|apps\/frame\/src\/styles\.css/

export default defineConfig({
  plugins: [react(), securityHeaders(), earlyReady()],
  resolve: {
    alias: {
      // See src/storage/walletConnectStorageShim.ts: the package breaks sign-client's import when storage is blocked.
      '@walletconnect/keyvaluestorage': fileURLToPath(
        new URL('./src/storage/walletConnectStorageShim.ts', import.meta.url),
      ),
    },
  },
  server: { port: Number(process.env.PORT ?? 5174), strictPort: false },
  // The key Worker is a module worker (spawnVault.ts), so it loads what only some signatures need as
  // chunks of its own (Solana's message reader).
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // The modal (and the router's pages), and the social login popup's last page on its own, so the
      // popup finishes without loading the modal's code (src/pages/authCallback.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        callback: fileURLToPath(new URL('./auth/callback.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What the modal needs to start and paint Connect, in one file: left to itself the
              // bundler splits it into a dozen small chunks shared with lazy views, and each costs
              // a request and its own compression overhead.
              name: 'boot',
              // The module-preload polyfill and the stylesheet's module go with it too: the popup's
              // last page (auth/callback.html) shares them with the modal, and left to itself the
              // bundler would give them a file of their own, one request more before Connect paints.
              test: (id: string) => (boot.test(id) && !lazyOnly.test(id)) || sharedWithCallback.test(id),
            },
          ],
        },
      },
    },
  },
})
