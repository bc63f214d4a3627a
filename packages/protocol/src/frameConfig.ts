// The frame's runtime configuration (`/frame-config.json` beside the static frame files): which
// host origins each project may embed the frame from, where the API is, and the networks it knows.
// The API's project config replaces the origin list once a project is served from there.
import { z } from 'zod'
import { ChainNetwork } from './chains.js'

export const FrameProject = z.object({
  projectId: z.string().min(1),
  /** Exact origins (`https://app.example`) allowed to host the frame. */
  allowedOrigins: z.array(z.string()).default([]),
})
export type FrameProject = z.infer<typeof FrameProject>

export const FrameConfig = z.object({
  /** Base URL of the Walletframe API; absent when the frame runs without one. */
  apiUrl: z.url().optional(),
  /** In development any http://localhost or 127.0.0.1 origin may host the frame. */
  development: z.boolean().default(false),
  projects: z.array(FrameProject).default([]),
  networks: z.array(ChainNetwork).min(1),
})
export type FrameConfig = z.infer<typeof FrameConfig>
export type FrameConfigInput = z.input<typeof FrameConfig>
