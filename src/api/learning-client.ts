import type { ContentLocale } from '../domain/localize.ts';
import { answer, auth, client, download, enc, type Token } from './client.ts';
import type { CourseProgress, CourseProgressLine, GroupRole } from './learning.ts';

/** Typed calls to the learning-record routes (/progress, /certificates, /groups). */
export const learningApi = {
  /** With a course, the progress in it; without, a line per course (the route answers either). */
  courseProgress: (course: string, token: Token, userId?: string) =>
    answer(client.progress.$get({ query: { course, userId } }, auth(token))) as Promise<CourseProgress>,
  progressLines: (token: Token, userId?: string) => answer(client.progress.$get({ query: { userId } }, auth(token))) as Promise<CourseProgressLine[]>,
  certificates: (token: Token, userId?: string) => answer(client.certificates.$get({ query: { userId } }, auth(token))),
  verifyCertificate: (id: string) => answer(client.certificates[':id'].$get({ param: { id: enc(id) } })),
  certificatePdf: (id: string, lang: ContentLocale, token: Token) =>
    download(client.certificates[':id'].pdf.$get({ param: { id: enc(id) }, query: { lang } }, auth(token))),
  revokeCertificate: (id: string, reason: string, token: Token) =>
    answer(client.certificates[':id'].revoke.$post({ param: { id: enc(id) }, json: { reason } }, auth(token))),
  groups: (token: Token) => answer(client.groups.$get(undefined, auth(token))),
  group: (id: string, token: Token) => answer(client.groups[':id'].$get({ param: { id: enc(id) } }, auth(token))),
  createGroup: (name: string, token: Token) => answer(client.groups.$post({ json: { name } }, auth(token))),
  renameGroup: (id: string, name: string, token: Token) => answer(client.groups[':id'].$put({ param: { id: enc(id) }, json: { name } }, auth(token))),
  deleteGroup: (id: string, token: Token) => answer(client.groups[':id'].$delete({ param: { id: enc(id) } }, auth(token))),
  addPerson: (id: string, email: string, role: GroupRole, token: Token) =>
    answer(client.groups[':id'].members.$post({ param: { id: enc(id) }, json: { email, role } }, auth(token))),
  removePerson: (id: string, userId: string, token: Token) =>
    answer(client.groups[':id'].members[':userId'].$delete({ param: { id: enc(id), userId: enc(userId) } }, auth(token))),
  groupProgress: (id: string, token: Token) => answer(client.groups[':id'].progress.$get({ param: { id: enc(id) } }, auth(token))),
  groupCsv: (id: string, token: Token) => download(client.groups[':id']['export.csv'].$get({ param: { id: enc(id) } }, auth(token))),
};
