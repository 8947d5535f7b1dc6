/**
 * Standalone or embedded (shell §1): router mode is hash when embedded and history when standalone; several
 * behaviours (session expiry, documentation links, app-login checks) depend on it. The host sets it at start.
 */
import { signal } from '@preact/signals-react';

/** Where the console runs. */
export type RunMode = 'standalone' | 'embedded';

/** The page-wide run mode. */
export const runMode = signal<RunMode>('standalone');

/** Where the provider portal signs users in when embedded (shell §8: 16149 embedded goes to the provider login). */
export const providerLoginUrl = signal<string>('/login');

/** Decides the run mode from the page: inside a frame or marked `?embedded=1` means embedded. */
export function detectRunMode(win: Pick<Window, 'top' | 'self' | 'location'> = window): RunMode {
  let framed = false;
  try {
    framed = win.top !== win.self;
  } catch {
    framed = true; // A cross-origin parent throws on access: we are certainly framed.
  }
  const flagged = new URLSearchParams(win.location.search).get('embedded') === '1';
  return framed || flagged ? 'embedded' : 'standalone';
}

/** Where the provider portal's dashboard is, for the embedded app-login check's code 604 (shell §4). */
export const providerDashboardUrl = signal<string>('/dashboard');
