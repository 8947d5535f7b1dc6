// Placeholder entry replaced by the demo host issue.
export {};
