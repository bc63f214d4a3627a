// The embedded wallet's Worker on the frame origin: the keys live here, the main thread talks to it
// through comlink and gets signatures back. Exposed at once (the key store opens behind a promise) so
// no message posted while IndexedDB opens is lost.
import * as Comlink from 'comlink'
import * as KeyStore from './keyStore.js'
import * as PassKey from './passKey.js'
import * as Vault from './Vault.js'

Comlink.expose(
  Vault.create({
    keyStore: KeyStore.open().then((store) => store ?? KeyStore.memory()),
    passKey: PassKey.fromFrameConfig(),
  }),
)
