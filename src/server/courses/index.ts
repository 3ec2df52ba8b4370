/** What the courses area offers the rest of the server: the catalogue held in memory, its answers made ahead, and ids for new modules and cases. */
export { Catalogue } from './catalogue.ts';
export { catalogueAnswers, catalogueRequest, type CatalogueAnswers } from './catalogue-answer.ts';
export { catalogueFastPath } from './fast-path.ts';
export { identified } from './item-ids.ts';
export { ARCHIVED, courseOf, isArchived } from './queries.ts';
