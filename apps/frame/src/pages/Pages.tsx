// The frame origin's real pages besides the modal: the social login popup (its first page and its
// return), the passkey window, the recovery phrase window, the email device-approval link, the on-ramp return and the embedded wallet's approval window.
import { Suspense, useEffect } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { ApprovalPage } from './ApprovalPage.js'
import { AuthCallbackPage } from './AuthCallbackPage.js'
import { ExportPage } from './ExportPage.js'
import { NotAvailablePage } from './NotAvailablePage.js'
import { OnrampReturnPage } from './OnrampReturnPage.js'
import { PasskeyPage } from './PasskeyPage.js'
import { markDocument, pageLanguage } from './pageWords.js'
import { SocialLoginPage } from './SocialLoginPage.js'
import { VerifyPage } from './VerifyPage.js'

const router = createBrowserRouter([
  { path: '/auth/social', element: <SocialLoginPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/approve', element: <ApprovalPage /> },
  { path: '/passkey', element: <PasskeyPage /> },
  { path: '/export', element: <ExportPage /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/onramp/return', element: <OnrampReturnPage /> },
  { path: '*', element: <NotAvailablePage /> },
])

export function Pages() {
  const locale = pageLanguage()
  useEffect(() => markDocument(locale), [locale])
  // Each page suspends until its catalog has loaded (at once when it has).
  return (
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>
  )
}
