/** PayPal's order description: "Subscripcion a {title}-{product}", cut to PayPal's 127 characters. */
export function orderDescription(planTitle: string, product: string): string {
  return `Subscripcion a ${planTitle}-${product}`.slice(0, 127);
}
