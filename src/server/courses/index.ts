/** What the courses area offers the rest of the server: the catalogue held in memory and its answers made ahead. */
export { Catalogue, courseOf } from './catalogue.ts';
export { catalogueAnswers, type CatalogueAnswers } from './catalogue-answer.ts';
export { catalogueFastPath } from './fast-path.ts';
