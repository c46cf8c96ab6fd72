import { BadBodyError } from '../errors.js';
import { parseJsonBody } from './http.js';
import { getOperation } from './registry.js';
import { responseShapes } from './schemas.js';

export type Shape = (typeof responseShapes)[keyof typeof responseShapes];

/** The body's shape only: a bad element is left to extraction (see responseShapes). */
export function shapeOf(qualifiedName: string): Shape | undefined {
  return (responseShapes as Record<string, Shape>)[qualifiedName];
}

/** A `BadBodyError` when the body does not have the operation's shape. */
export function checkShape(schema: Shape, url: string, body: unknown): void {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new BadBodyError(url, `unexpected shape at ${issue?.path.join('.') || '(top)'}: ${issue?.message}`);
  }
}

/**
 * Parse and check the text of the bytes `ApiClient.callBytes` returned (`decodeText`), exactly as
 * `call` does: a bad body throws the `BadBodyError` or `ApiMessageError` that `call` would have
 * retried on.
 */
export function parseOperationBody(name: string, url: string, text: string): unknown {
  const body = parseJsonBody(url, text);
  const schema = shapeOf(getOperation(name).qualifiedName);
  if (schema) checkShape(schema, url, body);
  return body;
}
