// The embedded wallet's offline key code: the derivation both the frame and the command use, and the
// recovery kit's sealing and opening.
export * from './errors.js'
export * as Keys from './keys.js'
export * as Kit from './kit.js'
export * as KitSecret from './kitSecret.js'
