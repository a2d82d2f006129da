/** Returns when inside a network namespace of its own; otherwise re-runs `file` (with its node options and `nodeFlags`) inside one and exits with its status; `tool` names it in a failure's line. */
export function ownNetwork(file: string, tool: string, nodeFlags?: readonly string[]): void;
