// What a request asks, in plain words of the frame's language: the method's, else as summarized.
import type { ReviewMessages } from '../components/RequestReview.js'

export function actionOf(summarized: string, method: string, messages: ReviewMessages): string {
  return Object.hasOwn(messages.actions, method)
    ? messages.actions[method as keyof ReviewMessages['actions']]
    : summarized
}
