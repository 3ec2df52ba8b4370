import type { IncomingMessage, ServerResponse } from 'node:http';
import * as coursesRoutes from '../../api/courses.ts';
import { API_BASE } from '../../api/paths.ts';
import * as pricingRoutes from '../../api/pricing.ts';
import type { Answer } from '../http/answers.ts';
import type { CatalogueAnswers, CatalogueRequest } from './catalogue-answer.ts';

const LIST = `${API_BASE}${coursesRoutes.list.path}`;
const COURSE = `${LIST}/`;
const PLANS = `${API_BASE}${pricingRoutes.list.path}`;

/** The address's path and query (null without one). */
function split(url: string): [string, string | null] {
  const mark = url.indexOf('?');
  return mark < 0 ? [url, null] : [url.slice(0, mark), url.slice(mark + 1)];
}

/** A course id from the path's last segment, or null when it is not one segment or not a valid escape. */
function courseId(path: string): string | null {
  const segment = path.slice(COURSE.length);
  if (!segment || segment.includes('/')) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The catalogue's public reads, the busiest, answered before Hono from the bytes and headers made for them when they
 * are in memory: the course list, one course, and the plans on sale to anyone but an administrator (a request with
 * no Authorization). A same-origin GET carries no body and its caller changes nothing, so no middleware has anything
 * to do. Anything else, and the first request after a change (which reads), goes to the API: the listener answers false.
 */
export function catalogueFastPath(answers: CatalogueAnswers) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers.origin) return false;
    const [path, query] = split(req.url ?? '/');
    const request = (): CatalogueRequest => ({
      lang: query === null ? undefined : new URLSearchParams(query).get('lang'),
      acceptLanguage: req.headers['accept-language'],
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    });
    let answer: Answer | null = null;
    if (path === LIST) answer = answers.list.cached(undefined, request());
    else if (path === PLANS && !req.headers.authorization) answer = answers.plans.cached(undefined, request());
    else if (path.startsWith(COURSE)) {
      const id = courseId(path);
      answer = id === null ? null : answers.course.cached(id, request());
    }
    if (!answer) return false;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    return true;
  };
}
