// The modal shell: ARIA dialog, focus trap, Escape to close, animated height and view changes,
// a bottom sheet on narrow screens, theme variables applied live.
import { type CSSProperties, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useFrame } from '../app/context.js'
import * as Navigation from '../core/actions/navigation.js'
import * as SignInGate from '../core/actions/signInGate.js'
import * as ViewStack from '../core/viewStack.js'
import { direction } from '../locale/locales.js'
import { firstPaint, views } from '../views/index.js'
import { trapFocus } from './focusTrap.js'
import { Header } from './Header.js'
import { NotificationBanner } from './NotificationBanner.js'
import { QueryLayer } from './queryLayerLazy.js'
import { ToastView } from './ToastView.js'
import { useStore } from './useStore.js'

export function Modal() {
  const { core } = useFrame()
  const modal = useStore(core.modal)
  const theme = useStore(core.theme)
  const { locale, messages } = useStore(core.locale)
  // Read for the close button; the stores it depends on re-render this through useStore.
  useStore(core.siwx)
  useStore(core.connection)
  useStore(core.networks)
  const canClose = SignInGate.canClose(core)
  const dialog = useRef<HTMLDivElement>(null)
  const body = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number>()
  const view = ViewStack.current(modal.stack) ?? 'Connect'
  const View = views[view]

  useEffect(() => {
    if (!modal.open || !dialog.current) return
    return trapFocus(dialog.current, () => SignInGate.close(core))
  }, [modal.open, core])

  // Animate the card's height (150 ms) by measuring the content it wraps.
  useLayoutEffect(() => {
    const element = body.current
    if (!element) return
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.observe(element)
    setHeight(element.offsetHeight)
    return () => observer.disconnect()
  }, [])

  const style = {
    ...theme.variables,
    ...(height ? { '--wf-body-height': `${height}px` } : {}),
  } as CSSProperties
  return (
    <div
      className="wf-root"
      lang={locale}
      dir={direction(locale)}
      data-theme={theme.mode}
      data-open={modal.open}
      style={style}
      aria-hidden={!modal.open}
    >
      {/* The backdrop is a pointer affordance only; keyboard users close with Escape or the close button. */}
      <div
        className="wf-backdrop"
        aria-hidden="true"
        onPointerDown={() => SignInGate.close(core)}
        data-testid="wf-backdrop"
      />
      <div
        ref={dialog}
        className="wf-card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="wf-title"
        data-shake={modal.shake}
        data-testid="wf-modal"
      >
        <Header
          title={messages.titles[view]}
          canGoBack={modal.stack.history.length > 1}
          canClose={canClose}
          onBack={() => Navigation.back(core)}
          onClose={() => SignInGate.close(core)}
        />
        <NotificationBanner />
        <div className="wf-body-clip">
          <div ref={body} className="wf-body" key={view} data-view={view} data-testid={`wf-view-${view}`}>
            {modal.open ? (
              <Suspense fallback={<p className="wf-muted">{messages.loading}</p>}>
                {firstPaint.has(view) ? (
                  <View />
                ) : (
                  <QueryLayer>
                    <View />
                  </QueryLayer>
                )}
              </Suspense>
            ) : null}
          </div>
        </div>
        <ToastView />
      </div>
    </div>
  )
}
