import { call, type Token } from './client.ts';
import { ApiError, apiErrorOf, ErrorCode } from './errors.ts';
import type {
  CertificateSummary,
  CertificateVerification,
  CourseProgress,
  CourseProgressLine,
  Group,
  GroupDetail,
  GroupProgress,
  GroupRole,
} from './learning.ts';

/** Typed calls to the learning-record routes (/progress, /certificates, /groups). */
const enc = encodeURIComponent;
const query = (q: Record<string, string | undefined>) => {
  const params = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
  return params.size ? `?${params}` : '';
};

/** A file answer (PDF, CSV) with the name the server gave it; failures as ApiError, like every other call. */
export async function file(path: string, token: Token): Promise<{ blob: Blob; name: string }> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, ErrorCode.network, 'Network error');
  }
  if (!res.ok) throw apiErrorOf(res.status, await res.json().catch(() => null), res.statusText);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await res.blob(), name };
}

export const learningApi = {
  courseProgress: (course: string, token: Token, userId?: string) => call<CourseProgress>('GET', `/progress${query({ course, userId })}`, token),
  progressLines: (token: Token, userId?: string) => call<CourseProgressLine[]>('GET', `/progress${query({ userId })}`, token),
  certificates: (token: Token, userId?: string) => call<CertificateSummary[]>('GET', `/certificates${query({ userId })}`, token),
  verifyCertificate: (id: string) => call<CertificateVerification>('GET', `/certificates/${enc(id)}`),
  certificatePdf: (id: string, lang: string, token: Token) => file(`/certificates/${enc(id)}/pdf?lang=${enc(lang)}`, token),
  revokeCertificate: (id: string, reason: string, token: Token) => call<CertificateVerification>('POST', `/certificates/${enc(id)}/revoke`, token, { reason }),
  groups: (token: Token) => call<Group[]>('GET', '/groups', token),
  group: (id: string, token: Token) => call<GroupDetail>('GET', `/groups/${enc(id)}`, token),
  createGroup: (name: string, token: Token) => call<GroupDetail>('POST', '/groups', token, { name }),
  renameGroup: (id: string, name: string, token: Token) => call<GroupDetail>('PUT', `/groups/${enc(id)}`, token, { name }),
  deleteGroup: (id: string, token: Token) => call<void>('DELETE', `/groups/${enc(id)}`, token),
  addPerson: (id: string, email: string, role: GroupRole, token: Token) => call<GroupDetail>('POST', `/groups/${enc(id)}/members`, token, { email, role }),
  removePerson: (id: string, userId: string, token: Token) => call<GroupDetail>('DELETE', `/groups/${enc(id)}/members/${enc(userId)}`, token),
  groupProgress: (id: string, token: Token) => call<GroupProgress>('GET', `/groups/${enc(id)}/progress`, token),
  groupCsv: (id: string, token: Token) => file(`/groups/${enc(id)}/export.csv`, token),
};
