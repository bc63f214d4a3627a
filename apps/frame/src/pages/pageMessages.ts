// The React pages' words: each page suspends until they have loaded (pageWords.ts).
import { use } from 'react'
import { loadPageWords, type PageWords } from './pageWords.js'

export function usePageMessages(): PageWords {
  return use(loadPageWords())
}
