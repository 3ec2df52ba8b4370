import type { ContentLocale } from '../domain/localize.ts';
import { ApiError, apiErrorOf, ErrorCode } from './errors.ts';
import type {
  AttemptInput,
  AttemptResult,
  AttemptSummary,
  AuditEntry,
  CaseProgress,
  Course,
  CourseInput,
  CourseSummary,
  LaunchRequest,
  LaunchToken,
  NewUser,
  PaymentCapture,
  PaymentOrder,
  Plan,
  PlanInput,
  PlanSubscribers,
  UploadedImage,
  PublicConfig,
  User,
  UserUpdate,
} from './schemas.ts';

/** Typed calls to /api for the browser's stores; each takes the caller's ID token where the route needs one. */
export type Token = string | null | undefined;

export async function call<T>(method: string, path: string, token?: Token, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, ErrorCode.network, 'Network error');
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, data, res.statusText);
  return data as T;
}

const enc = encodeURIComponent;

/** Sends a picture's bytes as they are (its type as content type); the server decodes, resizes and stores it. */
async function uploadImage(file: Blob, token: Token): Promise<UploadedImage> {
  const headers: Record<string, string> = { 'content-type': file.type || 'application/octet-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch('/api/images', { method: 'POST', headers, body: file });
  } catch {
    throw new ApiError(0, ErrorCode.network, 'Network error');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, data, res.statusText);
  return data as UploadedImage;
}

/** A query string from the defined values, '' when there are none. */
function search(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const api = {
  config: () => call<PublicConfig>('GET', '/config'),
  getUser: (uid: string, token: Token) => call<User>('GET', `/users/${enc(uid)}`, token),
  findUsers: (email: string, token: Token) => call<User[]>('GET', `/users?email=${enc(email)}`, token),
  createUser: (body: NewUser, token: Token) => call<User>('POST', '/users', token, body),
  updateUser: (id: string, body: UserUpdate, token: Token) => call<User>('PUT', `/users/${enc(id)}`, token, body),
  /** In `lang`: the page's language, not the browser's Accept-Language. */
  listCourses: (lang: ContentLocale) => call<CourseSummary[]>('GET', `/courses?lang=${enc(lang)}`),
  /** English (the default) is the course as stored, which is what the editor edits. */
  getCourse: (id: string, lang: ContentLocale = 'en') => call<Course>('GET', `/courses/${enc(id)}?lang=${enc(lang)}`),
  createCourse: (body: Partial<CourseInput>, token: Token) => call<string>('POST', '/courses', token, body),
  updateCourse: (id: string, body: CourseInput, token: Token) => call<Course>('PUT', `/courses/${enc(id)}`, token, body),
  uploadImage,
  deleteCourse: (id: string, token: Token) => call<void>('DELETE', `/courses/${enc(id)}`, token),
  /** In `lang`; English is the plans as stored, which is what the plan form edits. */
  listPlans: (token: Token, lang: ContentLocale) => call<Plan[]>('GET', `/pricing?lang=${enc(lang)}`, token),
  createPlan: (body: PlanInput, token: Token) => call<Plan>('POST', '/pricing', token, body),
  updatePlan: (id: string, body: PlanInput, token: Token) => call<Plan>('PUT', `/pricing/${enc(id)}`, token, body),
  deletePlan: (id: string, token: Token) => call<void>('DELETE', `/pricing/${enc(id)}`, token),
  planSubscribers: (id: string, token: Token) => call<PlanSubscribers>('GET', `/pricing/${enc(id)}/subscribers`, token),
  launch: (body: LaunchRequest, token: Token) => call<LaunchToken>('POST', '/launch', token, body),
  /** An entity's admin changes, newest first (admins only). */
  audit: (entity: 'course' | 'plan' | 'user', id: string, token: Token) => call<AuditEntry[]>('GET', `/audit?entity=${entity}&id=${enc(id)}`, token),
  unityVersion: () => call<{ production: string }>('GET', '/unityversion'),
  createPaymentOrder: (planId: string, token: Token) => call<PaymentOrder>('POST', '/payments/orders', token, { planId }),
  capturePaymentOrder: (orderId: string, token: Token) => call<PaymentCapture>('POST', `/payments/orders/${enc(orderId)}/capture`, token),
  /** The launch token authorizes the submission; no ID token is needed. */
  submitAttempt: (body: AttemptInput) => call<AttemptResult>('POST', '/attempts', null, body),
  listAttempts: (query: { userId?: string; courseId?: string; limit?: number }, token: Token) =>
    call<AttemptSummary[]>('GET', `/attempts${search(query)}`, token),
  attemptSummary: (query: { userId?: string; courseId?: string }, token: Token) => call<CaseProgress[]>('GET', `/attempts/summary${search(query)}`, token),
  /** One attempt with its components, debrief map and the case's benchmark (its owner or an admin). */
  attempt: (id: string, token: Token) => call<AttemptResult>('GET', `/attempts/${enc(id)}`, token),
};
