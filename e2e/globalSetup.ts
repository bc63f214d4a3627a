import { buildApps } from '../scripts/build-apps.js'

// The specs serve the built frame and demo, as an operator would deploy them.
export default async function globalSetup() {
  await buildApps({ quiet: true })
}
