import type { PricingFacts } from '../../api/pricing.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import type { Catalogue } from '../courses/index.ts';

/** /pricing's plans on sale (hidden ones are for admins, whose island reads them) and their courses' titles, in `locale`. */
export async function pricingFacts(catalogue: Catalogue, locale: ContentLocale, testPayments: boolean): Promise<PricingFacts> {
  const [plans, courses] = await Promise.all([catalogue.plansOnSale(locale), catalogue.summaries(locale)]);
  return {
    plans: plans.value,
    courses: courses.value,
    testPayments,
  };
}
