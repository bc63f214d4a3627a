// The frame origin's real pages besides the modal: the social login popup (its first page and its
// return), the passkey window, the recovery phrase window, the email device-approval link, the on-ramp return and the embedded wallet's approval window.
import { createBrowserRouter, RouterProvider } from 'react-router'
import { ApprovalPage } from './ApprovalPage.js'
import { AuthCallbackPage } from './AuthCallbackPage.js'
import { ExportPage } from './ExportPage.js'
import { NotAvailablePage } from './NotAvailablePage.js'
import { OnrampReturnPage } from './OnrampReturnPage.js'
import { PasskeyPage } from './PasskeyPage.js'
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
  { path: '*', element: <NotAvailablePage what="This page" /> },
])

export function Pages() {
  return <RouterProvider router={router} />
}
