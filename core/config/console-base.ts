/**
 * Where the console is served (shell §1: under /console/). On its own, so the session module, the reference server
 * and the element links share the value without carrying the links' route table into every element's core chunk.
 */
export const CONSOLE_BASE = '/console';
