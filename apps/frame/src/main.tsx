// The frame origin's pages: `/` is the modal app; the others are popup / link landing pages.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { App } from './app/App.js'
import { NotAvailablePage } from './pages/NotAvailablePage.js'
import './styles.css'

const router = createBrowserRouter([
  { path: '/', element: <App /> },
  { path: '/auth/callback', element: <NotAvailablePage what="Social login" /> },
  { path: '/verify', element: <NotAvailablePage what="Email device approval" /> },
  { path: '*', element: <NotAvailablePage what="This page" /> },
])

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
