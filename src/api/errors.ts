/** Error codes every /api failure answers with, in `{ error, message }`. */
export const ErrorCode = {
  invalidJson: 'invalid_json',
  invalidBody: 'invalid_body',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  tooManyRequests: 'too_many_requests',
  internal: 'internal',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A failed /api call as the browser sees it. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}
