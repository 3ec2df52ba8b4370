import type { IncomingMessage, ServerResponse } from 'node:http';
import * as coursesRoutes from '../../api/courses.ts';
import { API_BASE } from '../../api/paths.ts';
import type { CatalogueAnswers } from './catalogue-answer.ts';

const CATALOGUE = `${API_BASE}${coursesRoutes.list.path}`;

/**
 * The catalogue, the busiest read, answered before Hono from the bytes and headers made for it when it is in memory:
 * a same-origin GET carries no body, and its caller changes nothing, so no middleware has anything to do. Anything
 * else, and the first request after a change (which reads the list), goes to the API: the listener answers false.
 */
export function catalogueFastPath(answers: CatalogueAnswers) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    const onCatalogue = url.startsWith(CATALOGUE) && (url.length === CATALOGUE.length || url[CATALOGUE.length] === '?');
    if (!onCatalogue || req.method !== 'GET' || req.headers.origin) return false;
    const query = url.length === CATALOGUE.length ? null : url.slice(CATALOGUE.length + 1);
    const answer = answers.cached({
      lang: query === null ? undefined : new URLSearchParams(query).get('lang'),
      acceptLanguage: req.headers['accept-language'],
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    });
    if (!answer) return false;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    return true;
  };
}
