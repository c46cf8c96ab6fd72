/**
 * How a command reports a failed run without throwing: it calls `setExit(code)`, and `dugout`
 * exits with the highest code any action set (see cli/main.ts).
 */
export type SetExit = (code: number) => void;
