import { NetworkList } from './NetworkList.js'

export function Networks() {
  return <NetworkList />
}
